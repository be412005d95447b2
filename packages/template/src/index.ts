// Filled by a later issue.
export {};
