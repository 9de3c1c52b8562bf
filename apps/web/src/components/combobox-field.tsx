/**
 * A labelled text box that filters a long list as one types and picks one of its options: the
 * WAI-ARIA "editable combobox with list autocomplete" (role combobox + listbox). Arrow keys move
 * through the options, Enter picks, Escape closes and puts back the chosen value, Tab or leaving
 * the box keeps the choice unless the text names another option exactly. The box always holds an
 * option's value: typed text that names none is dropped when the box is left.
 */
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import styles from './combobox-field.module.css';
import fieldStyles from './field.module.css';
import { describedBy, type FieldChrome, FieldFrame } from './field.tsx';

export interface ComboboxOption {
  value: string;
  /** The option's text in the list (and its accessible name). */
  label: string;
}

interface ComboboxFieldProps<Option extends ComboboxOption> extends FieldChrome {
  value: string;
  onChange: (value: string) => void;
  /** Built only while the list is open: long lists are not made for a box nobody opens. */
  options: () => Option[];
  matches: (option: Option, typed: string) => boolean;
  /** Shown in the open list when nothing matches what was typed. */
  noMatches: string;
  required?: boolean;
}

const pageStep = 10;

export function ComboboxField<Option extends ComboboxOption>({
  label,
  hint,
  error,
  value,
  onChange,
  options,
  matches,
  noMatches,
  required = false,
}: ComboboxFieldProps<Option>) {
  const id = useId();
  const listId = `${id}-list`;
  const optionId = (index: number) => `${id}-option-${index}`;
  const [text, setText] = useState(value);
  const [active, setActive] = useState(-1);
  // The options, built when the list first opens and kept while it is open; null while closed.
  const [all, setAll] = useState<Option[] | null>(null);
  const open = all !== null;
  const list = useRef<HTMLDivElement>(null);

  // A value set from outside (the form's reset, an event loaded for editing) shows in the box.
  useEffect(() => setText(value), [value]);

  // Showing the chosen value, the box lists everything; once someone types, only what matches.
  const typed = text.trim() === value ? '' : text.trim();
  const shown = useMemo(
    () => (all && typed ? all.filter((option) => matches(option, typed)) : (all ?? [])),
    [all, typed, matches],
  );

  // Keeps the active option in sight inside the list, without scrolling the page.
  useEffect(() => {
    const box = list.current;
    const option = active >= 0 ? document.getElementById(optionId(active)) : null;
    if (!box || !option) return;
    if (option.offsetTop < box.scrollTop) box.scrollTop = option.offsetTop;
    else if (option.offsetTop + option.offsetHeight > box.scrollTop + box.clientHeight)
      box.scrollTop = option.offsetTop + option.offsetHeight - box.clientHeight;
  });

  /** Opens the list on the current choice, so it shows with its neighbours. */
  function openList(): Option[] {
    if (all) return all;
    const built = options();
    setAll(built);
    setActive(
      Math.max(
        0,
        built.findIndex((option) => option.value === value),
      ),
    );
    return built;
  }

  function choose(option: Option) {
    onChange(option.value);
    setText(option.value);
    setAll(null);
    setActive(-1);
  }

  /** Closes the list; leaving the box, text that names an option exactly picks it, anything else is put back. */
  function close(keepTyped: boolean) {
    const exact =
      keepTyped && typed
        ? (all ?? options()).find((o) => o.value.toLowerCase() === typed.toLowerCase())
        : undefined;
    if (exact) return choose(exact);
    setAll(null);
    setActive(-1);
    setText(value);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const move = (to: number) => {
      event.preventDefault();
      if (!open) return void openList();
      if (shown.length > 0) setActive(Math.min(shown.length - 1, Math.max(0, to)));
    };
    switch (event.key) {
      case 'ArrowDown':
        return move(active + 1);
      case 'ArrowUp':
        return move(active - 1);
      case 'PageDown':
        return open ? move(active + pageStep) : undefined;
      case 'PageUp':
        return open ? move(active - pageStep) : undefined;
      case 'Enter': {
        const option = open ? shown[active] : undefined;
        if (!option) return;
        // Picking from the open list, not sending the form.
        event.preventDefault();
        return choose(option);
      }
      case 'Escape':
        if (!open && text === value) return;
        // Closes the list only, not a dialog around the form.
        event.preventDefault();
        event.stopPropagation();
        return close(false);
    }
  }

  const activeOption = open && active >= 0 && active < shown.length ? optionId(active) : undefined;

  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} required={required}>
      <div className={styles.box}>
        <input
          id={id}
          type="text"
          role="combobox"
          className={fieldStyles.input}
          autoComplete="off"
          spellCheck={false}
          aria-autocomplete="list"
          aria-expanded={open && shown.length > 0}
          aria-controls={listId}
          aria-activedescendant={activeOption}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, error, hint)}
          required={required}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            openList();
            // The first match is ready for Enter, as in the browser's own address bar.
            setActive(0);
          }}
          onClick={() => void openList()}
          onKeyDown={onKeyDown}
          onBlur={() => (open || text !== value) && close(true)}
        />
        <div
          ref={list}
          id={listId}
          role="listbox"
          aria-labelledby={`${id}-label`}
          className={styles.list}
          hidden={!open || shown.length === 0}
        >
          {open &&
            shown.map((option, index) => (
              // The box keeps the focus and its keys move through the options (aria-activedescendant).
              // biome-ignore lint/a11y/useKeyWithClickEvents: keys reach the options through the box
              <div
                key={option.value}
                id={optionId(index)}
                role="option"
                tabIndex={-1}
                aria-selected={index === active}
                data-chosen={option.value === value || undefined}
                className={styles.option}
                // Keeps the focus in the box, so the click picks instead of blurring first.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(option)}
              >
                {option.label}
              </div>
            ))}
        </div>
        {open && shown.length === 0 && (
          <p className={styles.none} role="status">
            {noMatches}
          </p>
        )}
      </div>
    </FieldFrame>
  );
}
