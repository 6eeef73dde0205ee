import { useModelsDialogStore } from './models-dialog-store';
import './models.css';

/** Opens the Models settings: the model providers and the rules that pick a model for sampling. */
export function ModelsButton() {
  const open = useModelsDialogStore((state) => state.open);
  return (
    <button type="button" className="app-header__button" aria-haspopup="dialog" aria-expanded={open} onClick={() => useModelsDialogStore.getState().setOpen(true)}>
      Models
    </button>
  );
}
