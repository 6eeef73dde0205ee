import { parse as parseJsonc, printParseErrorCode, type ParseError } from 'jsonc-parser';
import { parse as parseToml, TomlError } from 'smol-toml';

/** Thrown with one sentence that says what is wrong with a file's text. */
export class FileShapeError extends Error {}

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
  const value: unknown = parseJsonc(source, errors, { allowTrailingComma: true, disallowComments: false });
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
    return parseToml(text);
  } catch (error) {
    if (error instanceof TomlError) {
      const firstLine = (error.message.split('\n')[0] ?? 'invalid TOML').replace(/^Invalid TOML document: /, '');
      throw new FileShapeError(`it is not valid TOML (${firstLine.replace(/\.$/, '')}${error.line ? ` at line ${error.line}, column ${error.column}` : ''}).`);
    }
    throw new FileShapeError(`it is not valid TOML (${error instanceof Error ? error.message : String(error)}).`);
  }
}

