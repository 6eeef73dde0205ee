import { useRef, useState, type KeyboardEvent } from 'react';
import type { ImportSource } from '../../../../shared/config-import';
import { OFFICIAL_REGISTRY_URL, type RegistryServer } from '../../../../shared/registry';
import { revealInvisible } from '../../../../shared/reveal-invisible';
import { getApi } from '../../bridge/api';
import { errorMessage } from '../../bridge/bridge-error';
import { Field } from '../../ui/Field';
import { VirtualListbox } from '../../ui/VirtualListbox';

interface Props {
  /** The chosen server's import source (its packages and remotes), or a server.json read from a file or URL. */
  onChoose: (source: ImportSource) => void;
}

const ROW_HEIGHT = 62;
const MAX_RESULTS_HEIGHT = 220;

interface Results {
  registryUrl: string;
  query: string;
  servers: RegistryServer[];
  nextCursor?: string | undefined;
}

/** "npm @example/weather-mcp@1.2.0 · remote streamable-http": what a registry server offers to run or reach. */
function offers(server: RegistryServer): string {
  return server.source.entries
    .map((entry) => {
      const transport = entry.config?.transport;
      if (!transport) return entry.name;
      return transport.type === 'stdio' ? [transport.command, ...transport.args].join(' ') : `${transport.type} ${transport.url}`;
    })
    .join(' · ');
}

function ResultRow({ server }: { server: RegistryServer }) {
  const title = server.title && server.title !== server.name ? server.title : undefined;
  return (
    <div className="registry-result">
      <span className="registry-result__head">
        <span className="registry-result__name">{revealInvisible(title ?? server.name)}</span>
        {title && <span className="registry-result__id">{revealInvisible(server.name)}</span>}
        {server.version && <span className="registry-result__version">{revealInvisible(server.version)}</span>}
        {server.status && server.status !== 'active' && <span className="registry-result__status">{revealInvisible(server.status)}</span>}
      </span>
      {server.description && <span className="registry-result__description">{revealInvisible(server.description)}</span>}
      <span className="registry-result__offers">{server.source.problem ? revealInvisible(server.source.problem) : revealInvisible(offers(server))}</span>
    </div>
  );
}

/**
 * Searches the official MCP Registry (or another registry that serves its API) a page at a time,
 * and reads a server.json from a file or URL. The chosen server goes into the import preview.
 */
export function RegistrySearch({ onChoose }: Props) {
  const api = getApi();
  const [registryUrl, setRegistryUrl] = useState(OFFICIAL_REGISTRY_URL);
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<Results | null>(null);
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const [searching, setSearching] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [serverJson, setServerJson] = useState('');
  const latest = useRef(0);

  const search = async (more: boolean) => {
    // A new search replaces one under way (its answer is ignored); more of the same waits for it.
    if (more && searching) return;
    const asked = ++latest.current;
    const cursor = more ? results?.nextCursor : undefined;
    const shownQuery = more && results ? results.query : query;
    setSearching(true);
    setError(null);
    try {
      const page = await api.invoke('registry.search', { query: shownQuery, registryUrl: registryUrl.trim(), ...(cursor ? { cursor } : {}) });
      if (asked !== latest.current) return;
      setResults({
        registryUrl: page.registryUrl,
        query: shownQuery,
        servers: more && results ? [...results.servers, ...page.servers] : page.servers,
        nextCursor: page.nextCursor,
      });
    } catch (failure) {
      if (asked === latest.current) setError(errorMessage(failure));
    } finally {
      if (asked === latest.current) setSearching(false);
    }
  };

  const readServerJson = async () => {
    const where = serverJson.trim();
    setError(null);
    try {
      onChoose(await api.invoke('registry.readServerJson', /^https?:\/\//i.test(where) ? { url: where } : { file: where }));
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };

  const enterRuns = (run: () => void) => (event: KeyboardEvent) => {
    // Enter searches or reads here; it must not import.
    if (event.key !== 'Enter') return;
    event.preventDefault();
    run();
  };

  const choose = (server: RegistryServer) => {
    setChosen(server.name);
    onChoose(server.source);
  };

  return (
    <section className="registry-search" aria-label="MCP Registry">
      <div className="import-dialog__row registry-search__row">
        <Field label="Search the MCP Registry" className="registry-search__query">
          {(props) => (
            <input {...props} type="search" className="input" value={query} spellCheck={false} autoComplete="off" placeholder="weather, github, postgres…"
              onChange={(event) => setQuery(event.target.value)} onKeyDown={enterRuns(() => void search(false))} />
          )}
        </Field>
        <Field label="Registry">
          {(props) => (
            <input {...props} className="input input--mono" value={registryUrl} spellCheck={false} autoComplete="off"
              onChange={(event) => setRegistryUrl(event.target.value)} onKeyDown={enterRuns(() => void search(false))} />
          )}
        </Field>
        <button type="button" className="button" disabled={registryUrl.trim() === ''} onClick={() => void search(false)}>
          {searching && !results ? 'Searching…' : 'Search'}
        </button>
      </div>
      {error && (
        <p className="import-entry__problem" role="alert">
          {error}
        </p>
      )}
      {results &&
        (results.servers.length === 0 ? (
          <p className="import-entry__meta" role="status">
            {results.query.trim() ? `No server in ${results.registryUrl} matches “${results.query.trim()}”.` : `${results.registryUrl} lists no servers.`}
          </p>
        ) : (
          <>
            <p className="import-entry__meta" role="status">
              {results.servers.length === 1 ? '1 server' : `${results.servers.length} servers`}
              {results.nextCursor ? ' so far' : ''} from {results.registryUrl}. Choose one to see what it adds.
            </p>
            <div className="registry-search__results" style={{ height: Math.min(MAX_RESULTS_HEIGHT, results.servers.length * ROW_HEIGHT + 2) }}>
              <VirtualListbox
              label="Registry servers"
              items={results.servers}
              getKey={(server) => server.name}
              selectedKey={chosen}
              onSelect={choose}
              estimateSize={ROW_HEIGHT}
              renderItem={(server) => <ResultRow server={server} />}
              />
            </div>
            {results.nextCursor && (
              <button type="button" className="button button--small registry-search__more" disabled={searching} onClick={() => void search(true)}>
                {searching ? 'Loading…' : 'More servers'}
              </button>
            )}
          </>
        ))}
      <div className="import-dialog__row">
        <Field label="Or a server.json" hint="Its full path, or an http(s) URL.">
          {(props) => (
            <input {...props} className="input input--mono" value={serverJson} spellCheck={false} autoComplete="off" placeholder="https://…/server.json"
              onChange={(event) => setServerJson(event.target.value)} onKeyDown={enterRuns(() => void readServerJson())} />
          )}
        </Field>
        <button type="button" className="button" disabled={serverJson.trim() === ''} onClick={() => void readServerJson()}>
          Read server.json
        </button>
      </div>
    </section>
  );
}
