/**
 * Recent macOS versions often leave `message.text` empty and keep the text only in `attributedBody`, an
 * NSAttributedString in Apple's typedstream format. The string payload follows the `NSString` class name: five
 * bytes of type information, then a length (one byte, or 0x81 + two bytes little-endian, or 0x82 + three bytes,
 * or 0x83 + four), then UTF-8 text. Anything else yields null rather than a guess.
 */

const MARKER = Buffer.from('NSString', 'latin1');
const SKIP_AFTER_MARKER = 5;

export function textFromAttributedBody(blob: Uint8Array | null | undefined): string | null {
  if (!blob || blob.length === 0) return null;
  const buffer = Buffer.from(blob.buffer, blob.byteOffset, blob.byteLength);
  const at = buffer.indexOf(MARKER);
  if (at === -1) return null;
  let cursor = at + MARKER.length + SKIP_AFTER_MARKER;
  const lead = buffer[cursor];
  if (lead === undefined) return null;
  let length: number;
  if (lead === 0x81 || lead === 0x82 || lead === 0x83) {
    const size = lead - 0x7f;
    if (cursor + 1 + size > buffer.length) return null;
    length = buffer.readUIntLE(cursor + 1, size);
    cursor += 1 + size;
  } else {
    length = lead;
    cursor += 1;
  }
  if (length <= 0 || cursor + length > buffer.length) return null;
  const text = buffer.subarray(cursor, cursor + length).toString('utf8');
  return text.includes('\uFFFD') ? null : text;
}

/** Encodes text the way Messages does; used to build test fixtures. */
export function encodeAttributedBody(text: string): Buffer {
  const payload = Buffer.from(text, 'utf8');
  let length: Buffer;
  if (payload.length < 0x80) length = Buffer.from([payload.length]);
  else {
    length = Buffer.alloc(3);
    length[0] = 0x81;
    length.writeUInt16LE(payload.length, 1);
  }
  return Buffer.concat([
    Buffer.from([0x04, 0x0b]),
    Buffer.from('streamtyped', 'latin1'),
    Buffer.from([0x81, 0xe8, 0x03, 0x84, 0x01, 0x40, 0x84, 0x84, 0x84]),
    Buffer.from('NSAttributedString', 'latin1'),
    Buffer.from([0x00, 0x84, 0x84]),
    Buffer.from('NSObject', 'latin1'),
    Buffer.from([0x00, 0x85, 0x92, 0x84, 0x84, 0x84]),
    MARKER,
    Buffer.from([0x01, 0x94, 0x84, 0x01, 0x2b]),
    length,
    payload,
    Buffer.from([0x86, 0x84]),
  ]);
}
