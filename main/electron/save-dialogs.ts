import path from 'node:path';
import type { Session } from 'electron';

/**
 * Files the window saves (traffic exports, tool results) go through the system's own Save dialog,
 * opening in the Downloads folder under the name the window chose; the person picks the place.
 * (Opening files, for Import, already uses the system's Open dialog through the file input.)
 */
export function askWhereToSave(session: Pick<Session, 'on'>, downloadsFolder: string): void {
  session.on('will-download', (_event, item) => {
    item.setSaveDialogOptions({
      title: 'Save',
      defaultPath: path.join(downloadsFolder, item.getFilename()),
      buttonLabel: 'Save',
    });
  });
}
