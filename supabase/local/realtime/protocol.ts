// Phoenix channel framing as realtime-js 2.119 speaks it (SUPABASE-PROTOCOL
// §4.2): vsn 2.0.0 arrays `[join_ref, ref, topic, event, payload]` plus the
// binary user-broadcast frames, or vsn 1.0.0 objects.

export type Vsn = '1.0.0' | '2.0.0';

export interface Frame {
  joinRef: string | null;
  ref: string | null;
  topic: string;
  event: string;
  payload: Record<string, unknown>;
}

/** A broadcast whose payload is raw bytes (binary frame encoding 0). */
export interface BinaryBroadcast {
  type: 'broadcast';
  event: string;
  payload: Buffer;
}

const USER_BROADCAST_PUSH = 3;
const USER_BROADCAST = 4;

export function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function ref(v: unknown): string | null | undefined {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return String(v);
  return undefined;
}

function frame(
  j: unknown,
  r: unknown,
  topic: unknown,
  event: unknown,
  payload: unknown,
): Frame | undefined {
  const joinRef = ref(j);
  const msgRef = ref(r);
  if (joinRef === undefined || msgRef === undefined) return undefined;
  if (typeof topic !== 'string' || typeof event !== 'string') return undefined;
  return {
    joinRef,
    ref: msgRef,
    topic,
    event,
    payload: isObject(payload) ? payload : {},
  };
}

/** Parses a text frame; `undefined` when it is not a Phoenix message. */
export function decodeText(vsn: Vsn, text: string): Frame | undefined {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (vsn === '2.0.0') {
    if (!Array.isArray(raw) || raw.length !== 5) return undefined;
    return frame(raw[0], raw[1], raw[2], raw[3], raw[4]);
  }
  if (!isObject(raw)) return undefined;
  return frame(raw.join_ref, raw.ref, raw.topic, raw.event, raw.payload);
}

/** Parses a binary "user broadcast push" (kind 3); other kinds are not sent by clients. */
export function decodeBinary(buf: Buffer): Frame | undefined {
  if (buf.length < 7 || buf[0] !== USER_BROADCAST_PUSH) return undefined;
  const lengths = [buf[1]!, buf[2]!, buf[3]!, buf[4]!, buf[5]!];
  const encoding = buf[6];
  let offset = 7;
  const parts = lengths.map((n) => {
    const s = buf.subarray(offset, offset + n).toString('utf8');
    offset += n;
    return s;
  });
  if (offset > buf.length) return undefined;
  const [joinRef, msgRef, topic, event, meta] = parts as [
    string,
    string,
    string,
    string,
    string,
  ];
  const body = buf.subarray(offset);
  let payload: unknown = body;
  let metadata: unknown = {};
  try {
    if (encoding === 1) payload = JSON.parse(body.toString('utf8'));
    if (meta) metadata = JSON.parse(meta);
  } catch {
    return undefined;
  }
  return {
    joinRef: joinRef || null,
    ref: msgRef || null,
    topic,
    event: 'broadcast',
    payload: {
      ...(isObject(metadata) ? metadata : {}),
      type: 'broadcast',
      event,
      payload,
    },
  };
}

/** Encodes a server frame; byte payloads become a binary "user broadcast" (kind 4). */
export function encode(vsn: Vsn, f: Frame): string | Buffer {
  const bytes = f.payload.payload;
  if (vsn === '2.0.0' && f.event === 'broadcast' && Buffer.isBuffer(bytes)) {
    const topic = Buffer.from(f.topic);
    const event = Buffer.from(String(f.payload.event ?? ''));
    const head = Buffer.from([
      USER_BROADCAST,
      topic.length,
      event.length,
      0,
      0,
    ]);
    return Buffer.concat([head, topic, event, bytes]);
  }
  if (vsn === '2.0.0') {
    return JSON.stringify([f.joinRef, f.ref, f.topic, f.event, f.payload]);
  }
  return JSON.stringify({
    topic: f.topic,
    event: f.event,
    payload: f.payload,
    ref: f.ref,
    join_ref: f.joinRef,
  });
}

/** The `phx_reply` answering `f`. */
export function reply(
  f: Frame,
  status: 'ok' | 'error',
  response: Record<string, unknown>,
): Frame {
  return {
    joinRef: f.joinRef,
    ref: f.ref,
    topic: f.topic,
    event: 'phx_reply',
    payload: { status, response },
  };
}
