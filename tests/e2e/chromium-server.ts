/**
 * One Chromium for the whole e2e run (vitest's globalSetup): each harness connects to it and takes
 * a fresh browser context of its own (its own storage, permissions and pages), instead of starting
 * a Chromium per harness.
 */
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';

export const CHROMIUM_PATH = '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

declare module 'vitest' {
  export interface ProvidedContext {
    /** The shared Chromium's Playwright endpoint (see tests/e2e/chromium-server.ts). */
    chromiumEndpoint: string;
  }
}

export default async function startChromiumServer(project: TestProject): Promise<() => Promise<void>> {
  const server = await chromium.launchServer({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
  project.provide('chromiumEndpoint', server.wsEndpoint());
  return () => server.close();
}
