// The frontend messages of PostgreSQL's extended query protocol that a
// pipeline sends (protocol 3.0, "Message Formats"), encoded into one buffer:
// one allocation and one socket write per pipeline, where node-postgres's
// serializer makes a buffer and a stream write per message (a REST read
// sends five). Parameters and results are always text (format code 0).

const PARSE = 0x50; // 'P'
const BIND = 0x42; // 'B'
const DESCRIBE = 0x44; // 'D'
const EXECUTE = 0x45; // 'E'
const CLOSE = 0x43; // 'C'
const SYNC = 0x53; // 'S'
const PORTAL = 0x50; // 'P': Describe's target is a portal
const STATEMENT = 0x53; // 'S': Close's target is a prepared statement

export class MessageWriter {
  private buf: Buffer;
  private at = 0;

  /** `size`: the bytes expected (more are made room for as they come). */
  constructor(size = 512) {
    this.buf = Buffer.allocUnsafe(size);
  }

  /** Parse: `text` prepared as `name` ('' for the unnamed statement), no parameter types given. */
  parse(name: string, text: string): void {
    const len = this.begin(PARSE);
    this.cstring(name);
    this.cstring(text);
    this.int16(0);
    this.end(len);
  }

  /** Bind: the unnamed portal from `statement`, text parameters (null as SQL null), text results. */
  bind(statement: string, values: readonly (string | null)[]): void {
    const len = this.begin(BIND);
    this.byte(0); // the unnamed portal
    this.cstring(statement);
    this.int16(0); // every parameter in text
    this.int16(values.length);
    for (const v of values) {
      if (v === null) {
        this.int32(-1);
        continue;
      }
      this.room(v, 4);
      const at = this.at;
      const n = this.buf.write(v, at + 4, 'utf8');
      this.buf.writeInt32BE(n, at);
      this.at = at + 4 + n;
    }
    this.int16(0); // every result column in text
    this.end(len);
  }

  /** Describe the unnamed portal: its RowDescription comes before its rows. */
  describePortal(): void {
    const len = this.begin(DESCRIBE);
    this.byte(PORTAL);
    this.byte(0);
    this.end(len);
  }

  /** Execute the unnamed portal to completion. */
  execute(): void {
    const len = this.begin(EXECUTE);
    this.byte(0);
    this.int32(0);
    this.end(len);
  }

  /** Close a prepared statement (closing one that does not exist is not an error). */
  closeStatement(name: string): void {
    const len = this.begin(CLOSE);
    this.byte(STATEMENT);
    this.cstring(name);
    this.end(len);
  }

  sync(): void {
    this.end(this.begin(SYNC));
  }

  /** The messages written so far. */
  bytes(): Buffer {
    return this.buf.subarray(0, this.at);
  }

  /** Starts a message: its type byte and room for its length, which `end` fills in. */
  private begin(type: number): number {
    this.ensure(5);
    this.buf[this.at] = type;
    const len = this.at + 1;
    this.at += 5;
    return len;
  }

  private end(len: number): void {
    this.buf.writeInt32BE(this.at - len, len);
  }

  private cstring(s: string): void {
    this.room(s, 1);
    this.at += this.buf.write(s, this.at, 'utf8');
    this.buf[this.at++] = 0; // room() made room for it
  }

  // Every write makes room first: a Buffer ignores writes past its end.
  private byte(n: number): void {
    this.ensure(1);
    this.buf[this.at++] = n;
  }

  private int16(n: number): void {
    this.ensure(2);
    this.at = this.buf.writeInt16BE(n, this.at);
  }

  private int32(n: number): void {
    this.ensure(4);
    this.at = this.buf.writeInt32BE(n, this.at);
  }

  /** Room for `s` in UTF-8 and `extra` bytes: at most 3 bytes a code unit, counted exactly only when that bound does not fit. */
  private room(s: string, extra: number): void {
    if (this.at + extra + s.length * 3 <= this.buf.length) return;
    this.ensure(extra + Buffer.byteLength(s));
  }

  private ensure(n: number): void {
    if (this.at + n <= this.buf.length) return;
    const next = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.at + n));
    this.buf.copy(next, 0, 0, this.at);
    this.buf = next;
  }
}
