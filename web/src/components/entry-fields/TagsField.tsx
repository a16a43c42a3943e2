import { useLayoutEffect, useRef, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import type { EntryFieldValues } from './entry-field-values.ts';
import { TAG_MAX_LENGTH, TAGS_MAX_COUNT } from '../../journal/entry-limits.ts';
import { addTag, tagKey, tagProblem } from '../../journal/tags.ts';

interface Props {
  id: string;
  tags: readonly string[];
  /** What is typed in the field, not yet a tag; the form adds it on Save. */
  text: string;
  onChange: (changes: Partial<Pick<EntryFieldValues, 'tags' | 'tagDraft'>>) => void;
  /** The person's own tags, most used first, offered while typing. */
  suggestions?: readonly string[] | undefined;
}

/**
 * The entry's optional tags (docs/product.md, Tags and search): typed text
 * becomes a chip on Enter, on a comma or when a suggestion is chosen, and
 * text still in the field is added when the entry is saved; Backspace in the
 * empty field removes the last chip, and every chip has its own remove button
 * for touch and for screen readers. Leaving the field does not make a chip:
 * the chip's row would push Save down between the press and the release of
 * the pointer, and the press would miss it.
 */
export function TagsField({ id, tags, text, onChange, suggestions }: Props) {
  const [problem, setProblem] = useState<string | undefined>();
  const setText = (tagDraft: string) => onChange({ tagDraft });
  const problemId = `${id}-problem`;
  const suggestionsId = `${id}-suggestions`;
  const offered = (suggestions ?? []).filter((s) => !tags.some((t) => tagKey(t) === tagKey(s)));
  const input = useRef<HTMLInputElement>(null);
  const refusedText = text.trim() !== '' ? problem : undefined;

  // A refused tag left in the field holds the form back: the browser's own
  // check before submitting then stops Save, focuses the field and says why,
  // instead of the entry being saved without it and the text being lost.
  useLayoutEffect(() => {
    input.current?.setCustomValidity(refusedText ?? '');
  }, [refusedText]);

  /** Adds `typed` when it may be added; otherwise keeps it in the field and says why. */
  function commit(typed: string, rest = ''): void {
    const refusal = tagProblem(typed, tags);
    if (refusal) {
      setProblem(refusal);
      setText(typed + rest);
      return;
    }
    setProblem(undefined);
    onChange({ tags: addTag(tags, typed), tagDraft: rest });
  }

  function change(event: ChangeEvent<HTMLInputElement>) {
    const value = event.target.value;
    // A comma ends a tag, also one typed on a phone keyboard or pasted.
    const comma = value.lastIndexOf(',');
    if (comma !== -1) {
      const parts = value.slice(0, comma).split(',');
      let current = tags;
      for (const [index, part] of parts.entries()) {
        const refusal = tagProblem(part, current);
        if (refusal) {
          // The tags before the refused one are added; the refused one stays
          // in the field, as typed, with what came after it.
          setProblem(refusal);
          onChange({
            tags: current,
            tagDraft: [...parts.slice(index), value.slice(comma + 1)].join(',').replace(/,$/, ''),
          });
          return;
        }
        current = addTag(current, part);
      }
      setProblem(undefined);
      onChange({ tags: current, tagDraft: value.slice(comma + 1) });
      return;
    }
    // A suggestion chosen from the list is a whole tag: add it at once.
    if ((event.nativeEvent as InputEvent).inputType === 'insertReplacementText') {
      commit(value);
      return;
    }
    setProblem(tagProblem(value, tags));
    setText(value);
  }

  function keyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') {
      // Enter adds the tag; it saves the form only when nothing is typed.
      if (text.trim() === '') return;
      event.preventDefault();
      commit(text);
    } else if (event.key === 'Backspace' && text === '' && tags.length > 0) {
      event.preventDefault();
      setProblem(undefined);
      onChange({ tags: tags.slice(0, -1) });
    }
  }

  return (
    <div>
      <label htmlFor={id} className="field-label">
        Tags
      </label>
      {tags.length > 0 && (
        <ul className="mb-2 flex flex-wrap gap-2" aria-label="Tags of this entry">
          {tags.map((tag) => (
            <li
              key={tagKey(tag)}
              className="flex max-w-full items-center gap-1 rounded-full bg-violet-100 py-1 pr-1 pl-3 text-sm text-violet-900 dark:bg-violet-900 dark:text-violet-50"
            >
              <span className="break-all">{tag}</span>
              <button
                type="button"
                className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full hover:bg-violet-200 dark:hover:bg-violet-800"
                aria-label={`Remove tag ${tag}`}
                onClick={() => {
                  setProblem(undefined);
                  onChange({ tags: tags.filter((t) => t !== tag) });
                }}
              >
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <input
        ref={input}
        id={id}
        className="text-input"
        autoComplete="off"
        enterKeyHint="enter"
        // Room for a pasted list; each tag is checked against the limit.
        maxLength={TAGS_MAX_COUNT * (TAG_MAX_LENGTH + 1)}
        placeholder={tags.length === 0 ? 'Type a tag, then Enter or comma' : undefined}
        list={suggestions ? suggestionsId : undefined}
        value={text}
        aria-invalid={problem !== undefined}
        aria-describedby={problemId}
        onChange={change}
        onKeyDown={keyDown}
      />
      {suggestions && (
        <datalist id={suggestionsId}>
          {offered.map((tag) => (
            <option key={tag} value={tag} />
          ))}
        </datalist>
      )}
      <p
        id={problemId}
        aria-live="polite"
        className={`mt-1 text-sm ${problem ? 'text-red-700 dark:text-red-300' : 'text-slate-600 dark:text-slate-300'}`}
      >
        {problem ?? `Optional. Up to ${TAGS_MAX_COUNT} tags of ${TAG_MAX_LENGTH} characters.`}
      </p>
    </div>
  );
}
