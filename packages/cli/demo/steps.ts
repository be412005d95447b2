/**
 * The demo's log of steps: each step begins, gathers details, and finishes with a summary (or fails); in text
 * each shows as it happens (✓ lines, indented details), in JSON all come at the end as one report.
 */
import { json, line, marks, type Output, paint } from '../src/output.js';

/** One step of the demo, as `--output json` reports it. */
export interface DemoStep {
  step: string;
  ok: boolean;
  ms: number;
  details: string[];
}

/** See the module comment. */
export class DemoSteps {
  readonly steps: DemoStep[] = [];
  private current: DemoStep | undefined;
  private readonly started = performance.now();
  private readonly text: boolean;
  readonly marks: ReturnType<typeof marks>;

  constructor(private readonly output: Output) {
    this.text = output.format === 'text';
    this.marks = marks(output.color);
  }

  /** A line of its own before the first step (text only). */
  title(text: string): void {
    if (this.text) line(this.output, paint(this.output.color, 'bold', text));
  }

  /** Starts the step `title`. */
  begin(title: string): void {
    this.current = { step: title, ok: false, ms: performance.now(), details: [] };
    this.steps.push(this.current);
  }

  /** A result of the current step (indented in text). */
  detail(textLine: string): void {
    this.current?.details.push(textLine);
    if (this.text) line(this.output, `    ${textLine}`);
  }

  /** What the current step does, as a command a person would type (a → line in text). */
  say(textLine: string): void {
    this.current?.details.push(textLine);
    if (this.text) line(this.output, `${this.marks.step} ${textLine}`);
  }

  /** Ends the current step as passed, with `summary` (default: its title) and its time. */
  finish(summary?: string): void {
    const current = this.current;
    if (!current) return;
    current.ok = true;
    current.ms = Math.round(performance.now() - current.ms);
    const took = paint(this.output.color, 'dim', `(${(current.ms / 1000).toFixed(1)} s)`);
    if (this.text) line(this.output, `${this.marks.ok} ${summary ?? current.step} ${took}`);
    this.current = undefined;
  }

  /** Ends the current step, if any, as failed with `e`'s message. */
  fail(e: unknown): void {
    const current = this.current;
    if (!current) return;
    const message = e instanceof Error ? e.message : String(e);
    current.ms = Math.round(performance.now() - current.ms);
    current.details.push(`failed: ${message}`);
    if (this.text) line(this.output, `${this.marks.fail} ${current.step}: ${message}`);
  }

  /** The last word: the JSON report (with `extra`), or a line saying whether the demo passed and how long it took. */
  report(ok: boolean, extra: Record<string, unknown>): void {
    const totalMs = Math.round(performance.now() - this.started);
    const seconds = (totalMs / 1000).toFixed(1);
    if (this.output.format === 'json') json(this.output, { ok, totalMs, steps: this.steps, ...extra });
    else if (!ok) line(this.output, `${this.marks.fail} demo failed after ${seconds} s`);
    else
      line(
        this.output,
        paint(this.output.color, 'bold', `${this.marks.ok} demo finished in ${seconds} s; nothing is left running`),
      );
  }
}
