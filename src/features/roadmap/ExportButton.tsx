/** Downloads the whole roadmap as a JSON backup file, named by today's date. */
import { downloadText } from "../../lib/download";
import type { BackupFile } from "./roadmap.backup";
import { toolButtonClass } from "./roadmap.styles";

type Props = { backup: () => BackupFile; onExported?: () => void };

export function ExportButton({ backup, onExported }: Props) {
  return (
    <button
      type="button"
      className={toolButtonClass}
      onClick={() => {
        const file = backup();
        downloadText(file.name, file.text, file.type);
        onExported?.();
      }}
    >
      Export roadmap (.json)
    </button>
  );
}
