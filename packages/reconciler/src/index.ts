// Filled by a later issue: see the repository's issue tracker.
export {};
