import { parse as parseJsonc, printParseErrorCode, type ParseError } from 'jsonc-parser';
import { parse as parseToml, TomlError } from 'smol-toml';
import { measureBounds } from '../../base/message-depth.js';

/** Thrown with one sentence that says what is wrong with a file's text. */
export class FileShapeError extends Error {}

/** How deep a config file may nest; real ones stay under ten levels. Deeper ones are refused, not walked. */
export const MAX_CONFIG_DEPTH = 100;

/** The parsers recurse: a file nested tens of thousands of levels deep overflows their stack. */
function parsedWithinDepth(parse: () => unknown): unknown {
  const tooDeep = () => new FileShapeError(`it nests more than ${MAX_CONFIG_DEPTH} levels deep; Loupe reads config files up to ${MAX_CONFIG_DEPTH}.`);
  let value: unknown;
  try {
    value = parse();
  } catch (error) {
    if (error instanceof RangeError && /call stack/i.test(error.message)) throw tooDeep();
    throw error;
  }
  if (measureBounds(value, MAX_CONFIG_DEPTH) === 'depth') throw tooDeep();
  return value;
}

function lineAndColumn(text: string, offset: number): string {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  const column = offset - before.lastIndexOf('\n');
  return `line ${line}, column ${column}`;
}

/**
 * JSON as the clients read it: VS Code's files allow comments and trailing commas, so every
 * importer accepts them; anything else that is not JSON is an error with its place.
 */
export function parseJsonText(text: string): unknown {
  const errors: ParseError[] = [];
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  if (source.trim() === '') throw new FileShapeError('it is empty.');
  const value = parsedWithinDepth(() => parseJsonc(source, errors, { allowTrailingComma: true, disallowComments: false }) as unknown);
  const first = errors[0];
  if (first) {
    throw new FileShapeError(`it is not valid JSON (${describeJsonError(printParseErrorCode(first.error))} at ${lineAndColumn(source, first.offset)}).`);
  }
  return value;
}

function describeJsonError(code: string): string {
  // "CloseBraceExpected" → "close brace expected"
  return code.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
}

export function parseTomlText(text: string): unknown {
  try {
    return parsedWithinDepth(() => parseToml(text));
  } catch (error) {
    if (error instanceof FileShapeError) throw error;
    if (error instanceof TomlError) {
      const firstLine = (error.message.split('\n')[0] ?? 'invalid TOML').replace(/^Invalid TOML document: /, '');
      throw new FileShapeError(`it is not valid TOML (${firstLine.replace(/\.$/, '')}${error.line ? ` at line ${error.line}, column ${error.column}` : ''}).`);
    }
    throw new FileShapeError(`it is not valid TOML (${error instanceof Error ? error.message : String(error)}).`);
  }
}

