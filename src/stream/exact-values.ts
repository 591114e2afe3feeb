import { Transform, type TransformCallback } from 'node:stream';

/** One value of a JSON array (`key`: its index) or of concatenated values, with its text. */
export interface ExactValue {
  readonly key: number;
  readonly value: unknown;
  /** The value as compact JSON with every number written as it was read (not as JS reads it). */
  readonly raw: string;
}

/** A token of stream-json's Parser with packed values (`streamValues: false`). */
interface Token {
  readonly name: string;
  readonly value?: string;
}

interface Open {
  readonly value: unknown[] | Record<string, unknown>;
  readonly parts: string[];
  key: string;
}

/**
 * The values of a JSON array or of concatenated JSON values from stream-json's Parser tokens:
 * each value as `JSON.parse` would give it (a `__proto__` key an own property, of duplicate keys
 * the last) together with its text, compact, numbers as read, so an untouched record is written
 * number-exact (`9007199254740993`, `1e400`, `2.50` stay so). Iterative: any depth.
 */
function exactAssembler(framing: 'array' | 'concatenated'): Transform {
  const stack: Open[] = [];
  let inTop = false; // array framing: inside the top-level array
  let index = 0;
  const put = (stage: Transform, value: unknown, text: string): void => {
    const top = stack[stack.length - 1];
    if (top === undefined) {
      stage.push({ key: index++, value, raw: text } satisfies ExactValue);
    } else if (Array.isArray(top.value)) {
      top.value.push(value);
      top.parts.push(text);
    } else {
      if (top.key === '__proto__') {
        Object.defineProperty(top.value, top.key, {
          value,
          writable: true,
          enumerable: true,
          configurable: true,
        });
      } else {
        top.value[top.key] = value;
      }
      top.parts.push(`${JSON.stringify(top.key)}:${text}`);
    }
  };
  const open = (value: unknown[] | Record<string, unknown>): void => {
    if (framing === 'array' && !inTop) {
      if (!Array.isArray(value)) throw new Error('Top-level object should be an array.');
      inTop = true;
      return;
    }
    stack.push({ value, parts: [], key: '' });
  };
  const close = (stage: Transform): void => {
    const o = stack.pop();
    if (o === undefined) {
      inTop = false; // the end of the top-level array
      return;
    }
    const body = o.parts.join(',');
    put(stage, o.value, Array.isArray(o.value) ? `[${body}]` : `{${body}}`);
  };
  return new Transform({
    objectMode: true,
    transform(this: Transform, t: Token, _enc: BufferEncoding, done: TransformCallback) {
      try {
        switch (t.name) {
          case 'startObject':
            open({});
            break;
          case 'startArray':
            open([]);
            break;
          case 'endObject':
          case 'endArray':
            close(this);
            break;
          case 'keyValue':
            stack[stack.length - 1]!.key = t.value!;
            break;
          case 'stringValue':
            put(this, t.value, JSON.stringify(t.value));
            break;
          case 'numberValue':
            put(this, Number(t.value), t.value!);
            break;
          case 'nullValue':
            put(this, null, 'null');
            break;
          case 'trueValue':
            put(this, true, 'true');
            break;
          case 'falseValue':
            put(this, false, 'false');
            break;
          default:
            if (framing === 'array' && !inTop && stack.length === 0) {
              throw new Error('Top-level object should be an array.');
            }
        }
      } catch (err) {
        return done(err as Error);
      }
      done();
    },
  });
}

/**
 * The stages that read a JSON array or concatenated values into {@link ExactValue}s: stream-json's
 * Parser (loaded only for such input) and the exact assembler.
 */
export async function exactValueStages(
  framing: 'array' | 'concatenated',
): Promise<[Transform, Transform]> {
  const { default: Parser } = await import('stream-json/Parser.js');
  const parser = new Parser({
    packValues: true,
    streamValues: false,
    jsonStreaming: framing === 'concatenated',
  }) as unknown as Transform;
  return [parser, exactAssembler(framing)];
}
