/**
 * Runs one load per server at a time. Asking again while a load of the same connection runs
 * queues exactly one more load after it (however often it was asked), so a burst of
 * `list_changed` notifications costs two fetches, not one per notification.
 */
export function createCoalescedLoader(options: {
  load(serverId: string, connectionId: string): Promise<void>;
  /** Whether a queued reload is still wanted when its turn comes (e.g. the server is still connected). */
  isCurrent(serverId: string, connectionId: string): boolean;
}): (serverId: string, connectionId: string) => void {
  const running = new Map<string, { connectionId: string; done: Promise<void> }>();
  const queued = new Map<string, string>();

  const run = (serverId: string, connectionId: string): void => {
    const current = running.get(serverId);
    if (current?.connectionId === connectionId) {
      queued.set(serverId, connectionId);
      return;
    }
    const done: Promise<void> = options
      .load(serverId, connectionId)
      .catch(() => {})
      .finally(() => {
        if (running.get(serverId)?.done === done) running.delete(serverId);
        const next = queued.get(serverId);
        if (next !== connectionId) return;
        queued.delete(serverId);
        if (options.isCurrent(serverId, next)) run(serverId, next);
      });
    running.set(serverId, { connectionId, done });
  };
  return run;
}
