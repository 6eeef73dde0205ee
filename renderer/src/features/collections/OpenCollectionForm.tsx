import { useState, type FormEvent } from 'react';
import { useCollectionStore } from '../../state/collections/collection-store';
import { findServer, useServersStore } from '../../state/servers';
import { Field } from '../../ui/Field';
import { collectionServerOf, folderName, serverKeyOf } from './collection-server';

/**
 * Opens a collection folder by its path (browser mode has no folder picker), or creates one there
 * naming the selected server. The last folder is filled in.
 */
export function OpenCollectionForm() {
  const lastDir = useCollectionStore((state) => state.lastDir);
  const busy = useCollectionStore((state) => state.busy);
  const error = useCollectionStore((state) => state.error);
  const open = useCollectionStore((state) => state.open);
  const create = useCollectionStore((state) => state.create);
  const server = useServersStore((state) => findServer(state.servers, state.selectedServerId));
  const [typed, setTyped] = useState<string | undefined>();
  const dir = (typed ?? lastDir).trim();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (dir && !busy) void open(dir);
  };
  const createHere = () => {
    if (!dir || busy) return;
    void create(dir, folderName(dir), server ? { [serverKeyOf(server.name)]: collectionServerOf(server) } : undefined);
  };

  return (
    <form className="collection-open" aria-label="Open a collection" onSubmit={submit}>
      <Field
        label="Collection folder"
        error={error ?? undefined}
        hint={
          <>
            A folder with a <code>collection.yaml</code>, e.g. <code>.loupe</code> beside your server’s code. Create writes one there
            {server ? ` naming the selected server (${server.name})` : ''}.
          </>
        }
      >
        {(props) => (
          <input
            {...props}
            className="input input--mono"
            value={typed ?? lastDir}
            placeholder="/path/to/project/.loupe"
            spellCheck={false}
            onChange={(event) => setTyped(event.target.value)}
          />
        )}
      </Field>
      <div className="collection-open__actions">
        <button type="submit" className="button button--primary" disabled={!dir || busy}>
          Open
        </button>
        <button type="button" className="button" disabled={!dir || busy} onClick={createHere}>
          Create
        </button>
      </div>
    </form>
  );
}
