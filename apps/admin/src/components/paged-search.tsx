import { useMemo, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Box, InputAdornment, Pagination, TextField, Typography } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';

/** Lower case, accents dropped: 'Élodie' is found by 'elodie'. */
const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

export interface PagedSearch<T> {
  query: string;
  setQuery: (q: string) => void;
  page: number;
  setPage: (p: number) => void;
  pageCount: number;
  /** Items matching the query. */
  matching: number;
  /** The items of the current page. */
  pageItems: T[] | undefined;
}

/**
 * Search and pages over a list the portal holds whole: only a page of cards is drawn (a studio
 * with 200 services drew 200 cards). The query and page live in the address (`?q=&page=`), so
 * Back and a reload keep them.
 */
export function usePagedSearch<T>(items: readonly T[] | undefined, text: (item: T) => string, pageSize: number): PagedSearch<T> {
  const [params, setParams] = useSearchParams();
  const query = params.get('q') ?? '';
  const wanted = Math.max(1, Math.floor(Number(params.get('page')) || 1));
  const matches = useMemo(() => {
    if (!items) return undefined;
    const words = fold(query).split(/\s+/).filter(Boolean);
    if (!words.length) return items;
    return items.filter((item) => {
      const haystack = fold(text(item));
      return words.every((w) => haystack.includes(w));
    });
    // `text` is a reader of fields, the same at each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [items, query]);
  const pageCount = Math.max(1, Math.ceil((matches?.length ?? 0) / pageSize));
  // A page past the end (after deletions, or an old address) shows the last one.
  const page = Math.min(wanted, pageCount);
  const update = (q: string, p: number) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (q) next.set('q', q);
        else next.delete('q');
        if (p > 1) next.set('page', String(p));
        else next.delete('page');
        return next;
      },
      { replace: true },
    );
  return {
    query,
    setQuery: (q) => update(q, 1),
    page,
    setPage: (p) => update(query, p),
    pageCount,
    matching: matches?.length ?? 0,
    pageItems: matches?.slice((page - 1) * pageSize, page * pageSize),
  };
}

/** The search box above a paged list. */
export function SearchField({ label, search }: { label: string; search: PagedSearch<unknown> }) {
  return (
    <TextField
      type="search"
      size="small"
      label={label}
      value={search.query}
      onChange={(e) => search.setQuery(e.target.value)}
      sx={{ minWidth: { xs: '100%', sm: 320 } }}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

/** Page buttons under a paged list, and how many items matched; nothing when one page holds them all. */
export function Pager({ label, search, children }: { label: string; search: PagedSearch<unknown>; children?: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, mt: 3, flexWrap: 'wrap' }}>
      <Typography variant="body2" color="text.secondary" role="status">
        {children}
      </Typography>
      {search.pageCount > 1 && (
        <Pagination
          aria-label={label}
          count={search.pageCount}
          page={search.page}
          onChange={(_e, p) => {
            search.setPage(p);
            window.scrollTo({ top: 0 });
          }}
          siblingCount={1}
        />
      )}
    </Box>
  );
}
