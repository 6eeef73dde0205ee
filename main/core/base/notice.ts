import { randomUUID } from 'node:crypto';
import type { Notice } from '../../../shared/contract.js';

export function createNotice(level: Notice['level'], message: string): Notice {
  return { id: randomUUID(), level, message };
}
