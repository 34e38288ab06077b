/** Downloads the whole roadmap as a JSON backup file, named by today's date. */
import { downloadText } from "../../lib/download";
import type { GroupInfo, Roadmap } from "./roadmap";
import { secondaryButtonClass } from "./roadmap.styles";
import { BACKUP_MIME_TYPE, backupFileName, backupText } from "./roadmap-backup";

type Props = { roadmap: Roadmap; groups: readonly GroupInfo[]; onExported?: () => void };

export function ExportButton({ roadmap, groups, onExported }: Props) {
  return (
    <button
      type="button"
      className={secondaryButtonClass}
      onClick={() => {
        const now = new Date();
        downloadText(backupFileName(now), backupText(roadmap, groups, now), BACKUP_MIME_TYPE);
        onExported?.();
      }}
    >
      Export roadmap (.json)
    </button>
  );
}
