import { saveFile } from './file-actions';
import { useBriefOutcome } from './use-brief-outcome';

/** What Save writes. */
export interface SavedFile {
  name: string;
  data: string;
  type: string;
}

interface Props {
  /** What to save; may be fetched (from a worker, or from the core) on click. */
  getFile: () => SavedFile | Promise<SavedFile>;
  label?: string;
}

/** A button that saves a file, and says so when what it saves could not be had. */
export function SaveButton({ getFile, label = 'Save…' }: Props) {
  const [state, setState] = useBriefOutcome<'failed'>();
  const save = async () => {
    try {
      const file = await getFile();
      saveFile(file.name, file.data, file.type);
    } catch {
      // E.g. a long text the core no longer keeps.
      setState('failed');
    }
  };
  return (
    <button type="button" className="button button--small" onClick={() => void save()}>
      {state === 'failed' ? 'Save failed' : label}
    </button>
  );
}
