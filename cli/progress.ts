// Progress on stderr: one updating line on a terminal, a line every few seconds otherwise.
export class Progress {
  private n = 0;
  private passed = 0;
  private readonly start = performance.now();
  private lastLog = 0;
  private readonly tty = process.stderr.isTTY === true;

  constructor(
    private readonly total: number,
    private readonly verb: string,
  ) {}

  tick(passed: boolean): void {
    this.n++;
    if (passed) this.passed++;
    const now = performance.now();
    if (this.tty) process.stderr.write(`\r${this.line()}`);
    else if (now - this.lastLog > 5000 || this.n === this.total) {
      this.lastLog = now;
      process.stderr.write(`${this.line()}\n`);
    }
  }

  seconds(): number {
    return Math.round((performance.now() - this.start) / 100) / 10;
  }

  done(): void {
    if (this.tty && this.n > 0) process.stderr.write('\n');
  }

  private line(): string {
    return `${this.verb} ${this.n}/${this.total} (passed ${this.passed}) ${this.seconds()} s`;
  }
}
