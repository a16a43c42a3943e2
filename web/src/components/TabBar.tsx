import type { LucideIcon } from 'lucide-react';
import { useRef, type KeyboardEvent } from 'react';

export interface TabDefinition<Id extends string> {
  id: Id;
  label: string;
  icon: LucideIcon;
}

interface Props<Id extends string> {
  tabs: readonly TabDefinition<Id>[];
  selected: Id;
  onSelect: (id: Id) => void;
  /** Base of the element ids that tie each tab to its panel. */
  idPrefix: string;
}

/**
 * The bottom tab bar, as WAI-ARIA tabs: one tab stop, arrow keys (and
 * Home/End) move between tabs and select them.
 */
export function TabBar<Id extends string>({ tabs, selected, onSelect, idPrefix }: Props<Id>) {
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  function onKeyDown(event: KeyboardEvent, index: number) {
    const last = tabs.length - 1;
    const target = {
      ArrowRight: index === last ? 0 : index + 1,
      ArrowLeft: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const tab = tabs[target];
    if (!tab) return;
    onSelect(tab.id);
    buttons.current[target]?.focus();
  }

  return (
    <nav
      aria-label="Main"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-slate-200 bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur dark:border-slate-800 dark:bg-slate-900/95"
    >
      <div role="tablist" className="mx-auto flex max-w-xl">
        {tabs.map((tab, index) => {
          const isSelected = tab.id === selected;
          const Icon = tab.icon;
          return (
            <button
              key={tab.id}
              ref={(el) => {
                buttons.current[index] = el;
              }}
              type="button"
              role="tab"
              id={`${idPrefix}-tab-${tab.id}`}
              aria-selected={isSelected}
              // Only the selected tab's panel is in the page.
              aria-controls={isSelected ? `${idPrefix}-panel-${tab.id}` : undefined}
              tabIndex={isSelected ? 0 : -1}
              onClick={() => onSelect(tab.id)}
              onKeyDown={(e) => onKeyDown(e, index)}
              className={`flex min-h-14 flex-1 flex-col items-center justify-center gap-0.5 text-xs font-medium transition-colors ${
                isSelected
                  ? 'text-violet-700 dark:text-violet-300'
                  : 'text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-slate-100'
              }`}
            >
              <Icon aria-hidden="true" className="size-6" strokeWidth={isSelected ? 2.4 : 1.8} />
              {tab.label}
            </button>
          );
        })}
      </div>
    </nav>
  );
}
