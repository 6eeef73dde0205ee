import type { FetchLike } from '@modelcontextprotocol/client';

/** The last HTTP failure seen on a connection, kept to explain a failed connect in one sentence. */
export interface HttpProbe {
  lastFailure?: { status: number; statusText: string; url: string };
  /** The fetch to hand the SDK transport: records non-2xx responses in `lastFailure`. */
  fetch: FetchLike;
}

export function createHttpProbe(): HttpProbe {
  const probe: HttpProbe = {
    fetch: async (url, init) => {
      const response = await fetch(url, init);
      if (!response.ok) probe.lastFailure = { status: response.status, statusText: response.statusText, url: String(url) };
      return response;
    },
  };
  return probe;
}
