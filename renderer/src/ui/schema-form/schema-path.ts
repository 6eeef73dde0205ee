/** The schema that applies at a path inside a value, followed through the form's own field model. */
import { describeField, type FieldModel } from './field-model.js';
import type { PathSegment } from '../../../../shared/json-pointer.js';
import { isObject } from '../../../../shared/is-object.js';

/** The field model at `path`, or null where the schema says nothing usable (no such property, a choice of shapes). */
export function fieldAtPath(root: unknown, path: readonly PathSegment[]): FieldModel | null {
  let field = describeField(root, root);
  for (const segment of path) {
    let next: unknown;
    if (field.kind === 'object') {
      const property = field.properties.find((candidate) => candidate.name === String(segment));
      next = property?.schema;
      if (next === undefined && isObject(field.schema.additionalProperties)) next = field.schema.additionalProperties;
    } else if (field.kind === 'array' || field.kind === 'multi-choice') {
      next = field.items;
    }
    if (next === undefined) return null;
    field = describeField(next, root);
  }
  return field;
}
