import { describe, expect, it } from 'vitest';
import { looksLikeSecret } from '../../shared/secret-shape.js';

describe('what looks like a credential on import (issue 24: WEATHER_KEY=wk-123 was saved in clear)', () => {
  it.each([
    ['WEATHER_KEY', 'wk-123'],
    ['X-Key', 'abc'],
    ['GITHUB_TOKEN', 'x'],
    ['DB_PASSWORD', 'hunter2'],
    ['OPENAI', 'sk-proj-abcdef'],
    ['GH', 'ghp_0123456789abcdef'],
    ['SLACK', 'xoxb-1-2-3'],
    ['AWS_ID', 'AKIAIOSFODNN7EXAMPLE'],
    ['X-Upstream', 'Bearer abc.def'],
    ['ID_TOKEN', 'eyJhbGciOi.eyJzdWIiOi'],
    ['SERVICE', 'a8f5f167f44f4964e6c998dee827110c'],
  ])('%s=%s is a secret', (name, value) => {
    expect(looksLikeSecret(name, value)).toBe(true);
  });

  it.each([
    ['LOG_LEVEL', 'debug'],
    ['HOME_DIR', '/home/ada/projects/mcp-server-with-a-long-name-2026'],
    ['ENDPOINT', 'https://api.example.com/v1/mcp'],
    ['PORT', '8080'],
    ['MONKEY', 'banana'],
    ['X-Team', 'blue'],
    ['GREETING', 'hello world this is a long sentence 2026'],
  ])('%s=%s is not', (name, value) => {
    expect(looksLikeSecret(name, value)).toBe(false);
  });
});
