const LOG_LINES_KEPT = 60;

/** The last lines of initdb/postgres output, kept in memory and shown only when something fails. */
export class LogTail {
  private lines: string[] = [];
  push(message: string): void {
    for (const line of message.split('\n')) {
      if (!line.trim()) continue;
      this.lines.push(line);
      if (this.lines.length > LOG_LINES_KEPT) this.lines.shift();
    }
  }
  text(): string {
    return this.lines.length ? `--- last PostgreSQL output ---\n${this.lines.join('\n')}` : '(no PostgreSQL output)';
  }
}
