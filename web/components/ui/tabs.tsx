/**
 * Tabs for the member pages: the markup, roles, ids and keys of Radix Tabs (which the admin area uses),
 * horizontal, chosen as they get focus, in a small part of its code: the dashboard's tabs come with its
 * first load, and on a phone every kilobyte of it counts.
 *
 * As with Radix: the tab list is one stop of the Tab key, which lands on the chosen tab; the arrow
 * keys move between tabs (mirrored right to left, wrapping round), Home / Page Up and End / Page Down go
 * to the first and the last; a tab is chosen as it gets focus, by click, Enter or Space; only the chosen
 * tab's panel has content, labelled by its tab. Use as Tabs.Root (value, onValueChange), Tabs.List
 * (aria-label), Tabs.Trigger (value) and Tabs.Content (value).
 */
import { createContext, useCallback, useContext, useId, useLayoutEffect, useRef, useState, type ComponentProps, type Context, type SyntheticEvent } from 'react';
import { Direction } from 'radix-ui';

interface TabsContextValue {
  baseId: string;
  value: string;
  onValueChange: (value: string) => void;
  dir: 'ltr' | 'rtl';
}

interface ListContextValue {
  loop: boolean;
  currentTabStopId: string | null;
  onItemFocus: (id: string) => void;
  onItemShiftTab: () => void;
  onFocusableItemAdd: () => void;
  onFocusableItemRemove: () => void;
  /** The list's tabs, in the order they stand. */
  getItems: () => HTMLElement[];
}

const TabsContext = createContext<TabsContextValue | null>(null);
const ListContext = createContext<ListContextValue | null>(null);

function useRequiredContext<T>(context: Context<T | null>, part: string): T {
  const value = useContext(context);
  if (!value) throw new Error(`<Tabs.${part}> must be used inside <Tabs.Root> and <Tabs.List>`);
  return value;
}

const tabId = (baseId: string, value: string) => `${baseId}-trigger-${value}`;
const panelId = (baseId: string, value: string) => `${baseId}-content-${value}`;

/** Calls the caller's handler, then each of ours unless an earlier one prevented the default. */
function handlers<E extends SyntheticEvent>(...list: (((event: E) => void) | undefined)[]) {
  return (event: E) => {
    list[0]?.(event);
    for (const handler of list.slice(1)) if (!event.defaultPrevented) handler?.(event);
  };
}

/** Focuses the first candidate that takes focus; none if the focused element comes first. */
function focusFirst(candidates: HTMLElement[]): void {
  const previouslyFocused = document.activeElement;
  for (const candidate of candidates) {
    if (candidate === previouslyFocused) return;
    candidate.focus();
    if (document.activeElement !== previouslyFocused) return;
  }
}

type RootProps = Omit<ComponentProps<'div'>, 'dir' | 'defaultValue'> & {
  value: string;
  onValueChange: (value: string) => void;
  dir?: 'ltr' | 'rtl';
};

function Root({ value, onValueChange, dir, ...props }: RootProps) {
  const direction = Direction.useDirection(dir);
  const baseId = useId();
  // Told only of a change, as Radix's controlled tabs do.
  const change = useCallback((next: string) => {
    if (next !== value) onValueChange(next);
  }, [value, onValueChange]);
  return (
    <TabsContext.Provider value={{ baseId, value, onValueChange: change, dir: direction }}>
      <div dir={direction} data-orientation="horizontal" {...props} />
    </TabsContext.Provider>
  );
}

type ListProps = ComponentProps<'div'> & { loop?: boolean };

function List({ loop = true, style, onMouseDown, onFocus, onBlur, ...props }: ListProps) {
  useRequiredContext(TabsContext, 'List');
  const list = useRef<HTMLDivElement | null>(null);
  const [currentTabStopId, setCurrentTabStopId] = useState<string | null>(null);
  const [isTabbingBackOut, setIsTabbingBackOut] = useState(false);
  const [focusableItemsCount, setFocusableItemsCount] = useState(0);
  const isClickFocus = useRef(false);
  const getItems = useCallback(
    () => [...(list.current?.querySelectorAll<HTMLElement>('[role="tab"]') ?? [])].filter((tab) => tab.closest('[role="tablist"]') === list.current && !tab.hasAttribute('disabled')),
    [],
  );
  const listContext: ListContextValue = {
    loop,
    currentTabStopId,
    onItemFocus: setCurrentTabStopId,
    onItemShiftTab: useCallback(() => setIsTabbingBackOut(true), []),
    onFocusableItemAdd: useCallback(() => setFocusableItemsCount((count) => count + 1), []),
    onFocusableItemRemove: useCallback(() => setFocusableItemsCount((count) => count - 1), []),
    getItems,
  };
  return (
    <ListContext.Provider value={listContext}>
      <div
        role="tablist"
        aria-orientation="horizontal"
        tabIndex={isTabbingBackOut || focusableItemsCount === 0 ? -1 : 0}
        data-orientation="horizontal"
        {...props}
        ref={(node) => {
          list.current = node;
          const { ref } = props;
          if (typeof ref === 'function') ref(node);
          else if (ref) ref.current = node;
        }}
        style={{ outline: 'none', ...style }}
        onMouseDown={handlers(onMouseDown, () => {
          isClickFocus.current = true;
        })}
        onFocus={handlers(onFocus, (event) => {
          // Tabbing onto the list passes focus on to the chosen tab (else the last focused, else the first).
          if (event.target === event.currentTarget && !isClickFocus.current && !isTabbingBackOut) {
            const items = getItems();
            const active = items.find((item) => item.getAttribute('aria-selected') === 'true');
            const current = items.find((item) => item.id === currentTabStopId);
            focusFirst([active, current, ...items].filter((item): item is HTMLElement => item !== undefined));
          }
          isClickFocus.current = false;
        })}
        onBlur={handlers(onBlur, () => setIsTabbingBackOut(false))}
      />
    </ListContext.Provider>
  );
}

const focusIntents: Record<string, 'prev' | 'next' | 'first' | 'last'> = {
  ArrowLeft: 'prev',
  ArrowRight: 'next',
  PageUp: 'first',
  Home: 'first',
  PageDown: 'last',
  End: 'last',
};

type TriggerProps = Omit<ComponentProps<'button'>, 'value'> & { value: string };

function Trigger({ value, onMouseDown, onKeyDown, onFocus, ...props }: TriggerProps) {
  const context = useRequiredContext(TabsContext, 'Trigger');
  const listContext = useRequiredContext(ListContext, 'Trigger');
  const id = tabId(context.baseId, value);
  const isSelected = value === context.value;
  const { onFocusableItemAdd, onFocusableItemRemove } = listContext;
  useLayoutEffect(() => {
    onFocusableItemAdd();
    return () => onFocusableItemRemove();
  }, [onFocusableItemAdd, onFocusableItemRemove]);

  return (
    <button
      tabIndex={listContext.currentTabStopId === id ? 0 : -1}
      data-orientation="horizontal"
      type="button"
      role="tab"
      aria-selected={isSelected}
      aria-controls={panelId(context.baseId, value)}
      data-state={isSelected ? 'active' : 'inactive'}
      id={id}
      {...props}
      onMouseDown={handlers(
        onMouseDown,
        (event) => {
          if (event.button === 0 && !event.ctrlKey) {
            event.currentTarget.focus();
            context.onValueChange(value);
          } else {
            event.preventDefault();
          }
        },
        () => listContext.onItemFocus(id),
      )}
      onKeyDown={handlers(
        onKeyDown,
        (event) => {
          if (event.target !== event.currentTarget) return;
          if (event.key === ' ' || event.key === 'Enter') context.onValueChange(value);
        },
        (event) => {
          if (event.key === 'Tab' && event.shiftKey) {
            listContext.onItemShiftTab();
            return;
          }
          if (event.target !== event.currentTarget) return;
          const key = context.dir === 'rtl' && event.key === 'ArrowLeft' ? 'ArrowRight' : context.dir === 'rtl' && event.key === 'ArrowRight' ? 'ArrowLeft' : event.key;
          const intent = focusIntents[key];
          if (!intent || event.metaKey || event.ctrlKey || event.altKey || event.shiftKey) return;
          event.preventDefault();
          let candidates = listContext.getItems();
          if (intent === 'last') candidates.reverse();
          else if (intent === 'prev' || intent === 'next') {
            if (intent === 'prev') candidates.reverse();
            const index = candidates.indexOf(event.currentTarget);
            candidates = listContext.loop ? candidates.map((_, offset) => candidates[(index + 1 + offset) % candidates.length]) : candidates.slice(index + 1);
          }
          setTimeout(() => focusFirst(candidates));
        },
      )}
      onFocus={handlers(
        onFocus,
        () => {
          if (!isSelected) context.onValueChange(value);
        },
        () => listContext.onItemFocus(id),
      )}
    />
  );
}

type ContentProps = Omit<ComponentProps<'div'>, 'value'> & { value: string };

function Content({ value, children, ...props }: ContentProps) {
  const context = useRequiredContext(TabsContext, 'Content');
  const isSelected = value === context.value;
  // A tab's panel is there, hidden and empty, while another tab is chosen, so aria-controls points at it.
  return (
    <div
      data-state={isSelected ? 'active' : 'inactive'}
      data-orientation="horizontal"
      role="tabpanel"
      aria-labelledby={tabId(context.baseId, value)}
      hidden={!isSelected}
      id={panelId(context.baseId, value)}
      tabIndex={0}
      {...props}
    >
      {isSelected && children}
    </div>
  );
}

export const Tabs = { Root, List, Trigger, Content };
