/**
 * Picks one file (an archive, a document) in the app's own frame instead of the browser's bare
 * "Choose File" control: a dashed drop target like the photo pickers', showing the file chosen
 * and its size. The real file input stays in the page, visually hidden: Tab reaches it, Space or
 * Enter opens the system's picker, and its name is the field's label alone.
 */
import { t } from '@lingui/core/macro';
import { FileUp } from 'lucide-react';
import { useId } from 'react';
import { formatFileSize } from '@/lib/format.ts';
import styles from './file-picker.module.css';

interface FilePickerProps {
  label: string;
  /** The `accept` list of the input (".zip,application/zip"). */
  accept: string;
  file: File | null;
  onChange: (file: File | null) => void;
  /** What the frame says before a file is chosen ("Choose a .zip file"). */
  prompt: string;
  /** Ids of text elsewhere on the page that says more about the field. */
  describedBy?: string;
  disabled?: boolean;
}

export function FilePicker({
  label,
  accept,
  file,
  onChange,
  prompt,
  describedBy,
  disabled,
}: FilePickerProps) {
  const id = useId();
  const labelId = `${id}-label`;
  const chosenId = `${id}-chosen`;
  return (
    <div className={styles.field}>
      <span id={labelId} className={styles.label}>
        {label}
      </span>
      <input
        id={id}
        type="file"
        accept={accept}
        className="visually-hidden"
        aria-labelledby={labelId}
        aria-describedby={[chosenId, describedBy].filter(Boolean).join(' ')}
        disabled={disabled}
        onChange={(event) => onChange(event.target.files?.[0] ?? null)}
      />
      {/* The frame is the input's label, so a click or a tap anywhere on it opens the picker. */}
      <label htmlFor={id} className={styles.frame} data-disabled={disabled || undefined}>
        <FileUp aria-hidden="true" size={28} strokeWidth={1.5} className={styles.icon} />
        <span id={chosenId} className={styles.text}>
          {file ? (
            <>
              <bdi className={styles.name}>{file.name}</bdi>
              <span className={styles.size}>{formatFileSize(file.size)}</span>
            </>
          ) : (
            <span className={styles.name}>{prompt}</span>
          )}
        </span>
        <span className={styles.action} aria-hidden="true">
          {file ? t`Change` : t`Choose`}
        </span>
      </label>
    </div>
  );
}
