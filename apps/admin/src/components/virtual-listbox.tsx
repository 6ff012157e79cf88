import {
  Children,
  cloneElement,
  isValidElement,
  useRef,
  type CSSProperties,
  type HTMLAttributes,
  type ReactElement,
  type Ref,
} from 'react';
import { autocompleteClasses, styled } from '@mui/material';
import { useForkRef } from '@mui/material/utils';
import { defaultRangeExtractor, useVirtualizer, type Range } from '@tanstack/react-virtual';

/** Every option's height: fixed, so nothing has to be measured while scrolling. */
export const VIRTUAL_OPTION_HEIGHT = 54;
/** About the listbox's height (40vh of a laptop screen). */
const FIRST_FRAME_HEIGHT = 360;
/** The listbox's own top and bottom space (MUI's 8px). */
const EDGE = 8;

/**
 * A listbox slot replaces MUI's styled one, its styles included: the scroller and the option
 * states (hover, keyboard focus, chosen) are given again here, from the theme.
 */
const Scroller = styled('ul')(({ theme }) => ({
  listStyle: 'none',
  margin: 0,
  maxHeight: '40vh',
  overflow: 'auto',
  position: 'relative',
  [`& .${autocompleteClasses.option}`]: {
    display: 'flex',
    boxSizing: 'border-box',
    padding: '6px 16px',
    cursor: 'pointer',
    outline: 0,
    overflow: 'hidden',
    [`&.${autocompleteClasses.focused}`]: { backgroundColor: theme.palette.action.hover },
    [`&.${autocompleteClasses.focusVisible}`]: { backgroundColor: theme.palette.action.focus },
    '&[aria-selected="true"]': { backgroundColor: theme.palette.action.selected },
    [`&[aria-selected="true"].${autocompleteClasses.focused}`]: { backgroundColor: theme.palette.action.focus },
    '&[aria-disabled="true"]': { opacity: theme.palette.action.disabledOpacity, pointerEvents: 'none' },
  },
}));

type OptionElement = ReactElement<{ style?: CSSProperties; 'aria-selected'?: boolean }>;

/**
 * The rows around the scroll position, plus the first, the last and the chosen one: MUI's
 * keyboard handling looks options up in the DOM, so Home, End, wrapping past either end and the
 * chosen option on opening must always be there.
 */
function rangeWithAnchors(range: Range, anchors: readonly number[]): number[] {
  const rows = new Set(defaultRangeExtractor(range));
  for (const i of anchors) if (i >= 0 && i < range.count) rows.add(i);
  return [...rows].sort((a, b) => a - b);
}

/**
 * An Autocomplete listbox that mounts only the options in view (and a few around them), each
 * placed at its offset in a scroller as tall as the whole list. Options stay direct children of
 * the listbox, with their ids and data-option-index, so aria-activedescendant and MUI's keyboard
 * scrolling keep working.
 */
export function VirtualListbox({
  children,
  ref,
  style,
  ownerState: _ownerState,
  ...props
}: HTMLAttributes<HTMLElement> & { ref?: Ref<HTMLElement>; ownerState?: unknown }) {
  const options = Children.toArray(children).filter(isValidElement) as OptionElement[];
  const scroller = useRef<HTMLUListElement | null>(null);
  const handleRef = useForkRef(ref, scroller);
  const chosen = options.findIndex((o) => o.props['aria-selected'] === true);
  // The virtualizer re-renders this component itself on scroll; nothing it returns is memoized here.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: options.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => VIRTUAL_OPTION_HEIGHT,
    paddingStart: EDGE,
    paddingEnd: EDGE,
    overscan: 6,
    // Rows drawn in the very first frame, before the scroller has been measured.
    initialRect: { width: 0, height: FIRST_FRAME_HEIGHT },
    rangeExtractor: (range) => rangeWithAnchors(range, [0, range.count - 1, chosen]),
  });
  return (
    <Scroller {...props} ref={handleRef} style={{ ...style, height: virtualizer.getTotalSize(), padding: 0, boxSizing: 'border-box' }}>
      {virtualizer.getVirtualItems().map((row) => {
        const option = options[row.index]!;
        return cloneElement(option, {
          style: { ...option.props.style, position: 'absolute', top: row.start, left: 0, right: 0, height: row.size },
        });
      })}
    </Scroller>
  );
}
