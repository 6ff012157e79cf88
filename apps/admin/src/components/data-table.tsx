import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useLayoutEffect,
  useRef,
  type KeyboardEvent as ReactKeyboardEvent,
  type MouseEvent as ReactMouseEvent,
  type ReactNode,
} from 'react';
import { Alert, Box, InputAdornment, LinearProgress, TextField, Tooltip, Typography } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import CancelIcon from '@mui/icons-material/Cancel';
import ViewColumnIcon from '@mui/icons-material/ViewColumn';
import FilterListIcon from '@mui/icons-material/FilterList';
import {
  ColumnsPanelTrigger,
  DataGrid,
  FilterPanelTrigger,
  QuickFilter,
  QuickFilterClear,
  QuickFilterControl,
  Toolbar,
  ToolbarButton,
  gridPaginationModelSelector,
  useGridApiRef,
  type GridAutosizeOptions,
  type GridCellParams,
  type MuiEvent,
  type GridColDef,
  type GridRowId,
  type GridRowSelectionModel,
  type GridValidRowModel,
} from '@mui/x-data-grid';
import { COMMON_MESSAGES } from '@darkroom/contracts';
import { fitColumns } from './fit-columns';

/**
 * A cell's content on one line: what does not fit ends in an ellipsis, and the full value shows
 * on hover (the title), so '+351 912 345 6' or 'Nev' never pass for the whole value.
 */
function CellText({ title, children }: { title: string | undefined; children: ReactNode }) {
  return (
    <Box
      component="span"
      title={title}
      sx={{ display: 'block', minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
    >
      {children}
    </Box>
  );
}

/** A column as areas describe it; `text` feeds search and sorting, `render` the cell. */
export interface DataTableColumn<T> {
  field: string;
  headerName: string;
  flex?: number;
  width?: number;
  minWidth?: number;
  sortable?: boolean;
  /** Never narrowed to fit the table (a phone number, a date): what is cut must be a long text. */
  keepWhole?: boolean;
  render?: (row: T) => ReactNode;
  text?: (row: T) => string;
}

export interface DataTableProps<T> {
  rows: readonly T[] | undefined;
  columns: DataTableColumn<T>[];
  loading?: boolean;
  error?: unknown;
  getRowId?: (row: T) => GridRowId;
  checkboxSelection?: boolean;
  onSelectionChange?: (ids: GridRowId[], rows: T[]) => void;
  /** Controlled selection (ids); pass it to clear the selection after a bulk delete. */
  selection?: readonly GridRowId[];
  actions?: (row: T) => ReactNode;
  /** Extra controls at the left of the table's toolbar (e.g. 'Delete selected'). */
  toolbar?: ReactNode;
  /** Accessible name of the table. */
  label?: string;
  rowHeight?: number;
  /** Width of the Action column (default 180); a narrower one leaves room for the data at 1280 px. */
  actionsWidth?: number;
  /** Opens a row's record: a click on the row (not on its buttons or links) or Enter on one of its cells. */
  onOpen?: (row: T) => void;
  /**
   * Pages kept by the server: `rows` is one page, `rowCount` every row the filters pass, and a
   * change of page or page size is asked of the caller (search and sorting then act on the page).
   */
  serverPages?: ServerPages;
}

/** The server's paging of a table: zero-based page, rows per page, and the rows in all. */
export interface ServerPages {
  page: number;
  pageSize: number;
  rowCount: number;
  onChange: (page: number, pageSize: number) => void;
}

/** Width of an Action column holding two small icon buttons (View, Delete) and the cell's padding. */
export const TWO_ICON_ACTIONS = 80;

/** Columns whose clicks and keys belong to their own controls, never to opening the row. */
const OWN_CONTROLS = new Set(['__actions', '__check__']);

const LOCALE = {
  toolbarQuickFilterPlaceholder: COMMON_MESSAGES.searchPlaceholder,
  noRowsLabel: COMMON_MESSAGES.noData,
  noResultsOverlayLabel: COMMON_MESSAGES.noData,
};

/**
 * Columns take the width of their widest visible value and of their header (the rest of the row
 * is shared out), so a phone number, a name or 'Never' is shown whole; what still cannot fit
 * ends in an ellipsis with the full value on hover.
 */
const AUTOSIZE: GridAutosizeOptions = { includeHeaders: true, includeOutliers: true, expand: true };
const AUTOSIZE_MAX = 360;

const ExtraToolbarContext = createContext<ReactNode>(null);

/**
 * The one table every list screen uses: '#', search ('Enter item to search'), column visibility,
 * optional checkbox selection and an Action column; no print/export. Rows are virtualised.
 */
export function DataTable<T extends GridValidRowModel>({
  rows,
  columns,
  loading = false,
  error,
  getRowId,
  checkboxSelection = false,
  onSelectionChange,
  selection,
  actions,
  toolbar,
  label,
  rowHeight,
  actionsWidth = 180,
  onOpen,
  serverPages,
}: DataTableProps<T>) {
  const apiRef = useGridApiRef();
  // Pages pass a new `actions` function at each render: read through a ref, so the columns (and
  // their sizing) are not rebuilt each time, which re-sized them in a loop.
  const actionsRef = useRef(actions);
  useLayoutEffect(() => {
    actionsRef.current = actions;
  });
  const hasActions = !!actions;

  const gridColumns = useMemo<GridColDef<T>[]>(() => {
    const serial: GridColDef<T> = {
      field: '__serial',
      headerName: '#',
      width: 56,
      sortable: false,
      filterable: false,
      disableColumnMenu: true,
      hideable: false,
      getApplyQuickFilterFn: () => null,
      renderCell: (params) => {
        const index = apiRef.current?.getRowIndexRelativeToVisibleRows(params.id);
        if (index === undefined || !apiRef.current) return '';
        const { page, pageSize } = gridPaginationModelSelector(apiRef);
        return page * pageSize + index + 1;
      },
    };
    const mapped = columns.map<GridColDef<T>>((c) => ({
      field: c.field,
      headerName: c.headerName,
      flex: c.width ? undefined : (c.flex ?? 1),
      width: c.width,
      minWidth: c.minWidth ?? Math.min(120, c.width ?? 120),
      // A very long value (an e-mail, a message) stops here and ends in an ellipsis with a hover title.
      maxWidth: c.width ? undefined : AUTOSIZE_MAX,
      sortable: c.sortable ?? true,
      ...(c.text ? { valueGetter: (_v: unknown, row: T) => c.text!(row) } : {}),
      renderCell: (p: { row: T; value?: unknown; formattedValue?: unknown }) => {
        const text = c.text ? c.text(p.row) : p.formattedValue == null ? '' : String(p.formattedValue);
        if (!c.render) return <CellText title={text || undefined}>{text}</CellText>;
        // Rendered cells that carry a text (e.g. a formatted date) keep it as the hover title.
        return c.text ? <CellText title={text || undefined}>{c.render(p.row)}</CellText> : c.render(p.row);
      },
      // A rendered-only column (an image, say) has nothing a search could match.
      ...(c.render && !c.text ? { getApplyQuickFilterFn: () => null, sortable: c.sortable ?? false } : {}),
    }));
    const action: GridColDef<T>[] = hasActions
      ? [
          {
            field: '__actions',
            headerName: 'Action',
            sortable: false,
            filterable: false,
            disableColumnMenu: true,
            resizable: false,
            minWidth: Math.min(120, actionsWidth),
            width: actionsWidth,
            getApplyQuickFilterFn: () => null,
            renderCell: (p) => (
              <Box sx={{ display: 'flex', gap: 0.5, alignItems: 'center', height: '100%' }}>{actionsRef.current?.(p.row)}</Box>
            ),
          },
        ]
      : [];
    return [serial, ...mapped, ...action];
  }, [columns, hasActions, actionsWidth, apiRef]);

  // Text columns without a set width are sized to their content once the rows are drawn, then
  // the widest give up width until the row fits the table: the Action column is never pushed
  // past the right edge (a wide table at 1280 px hid View and Delete).
  const autosized = useMemo(() => columns.filter((c) => !c.width && (!c.render || c.text)).map((c) => c.field), [columns]);
  const sizeColumns = useCallback(async () => {
    const api = apiRef.current;
    if (!api) return;
    if (autosized.length) await api.autosizeColumns({ ...AUTOSIZE, columns: autosized });
    // The new widths are the grid's state only once it has drawn them.
    await new Promise(requestAnimationFrame);
    if (apiRef.current !== api) return;
    const shrinkable = new Set(columns.filter((c) => !c.width && !c.keepWhole).map((c) => c.field));
    const fitted = fitColumns(
      api.getVisibleColumns().map((c) => ({
        field: c.field,
        width: c.computedWidth,
        min: c.minWidth ?? 50,
        shrinkable: shrinkable.has(c.field),
      })),
      api.getRootDimensions().viewportInnerSize.width,
    );
    for (const [field, width] of fitted) api.setColumnWidth(field, width);
  }, [apiRef, autosized, columns]);
  useEffect(() => {
    if (!rows?.length) return;
    const frame = requestAnimationFrame(() => void sizeColumns());
    return () => cancelAnimationFrame(frame);
  }, [rows, sizeColumns, gridColumns]);
  // Sized again when a search narrows the rows: a long value in a row no longer shown (a keepWhole
  // phone, say) must not keep pushing the Action column out.
  useEffect(
    () =>
      apiRef.current?.subscribeEvent('filteredRowsSet', () => {
        requestAnimationFrame(() => void sizeColumns());
      }),
    [apiRef, sizeColumns],
  );
  // Sized again when the table's width changes with the window; not on a change of its height
  // alone, which a horizontal scroll bar coming and going during the sizing causes (a loop).
  const sizedForWidth = useRef(0);
  useEffect(
    () =>
      apiRef.current?.subscribeEvent('debouncedResize', ({ width }) => {
        if (Math.round(width) === sizedForWidth.current) return;
        sizedForWidth.current = Math.round(width);
        void sizeColumns();
      }),
    [apiRef, sizeColumns],
  );

  const openFromCell = useCallback(
    (params: GridCellParams<T>, event: MuiEvent<ReactMouseEvent | ReactKeyboardEvent>) => {
      if (!onOpen || OWN_CONTROLS.has(params.field)) return;
      if (event.type === 'keydown' && (event as ReactKeyboardEvent).key !== 'Enter') return;
      // A link or button inside a cell (an e-mail address) does its own job.
      if ((event.target as Element).closest?.('a, button, input')) return;
      onOpen(params.row);
    },
    [onOpen],
  );

  const selectionModel = useMemo<GridRowSelectionModel | undefined>(
    () => (selection ? { type: 'include', ids: new Set(selection) } : undefined),
    [selection],
  );

  const onSelection = useCallback(
    (model: GridRowSelectionModel) => {
      if (!onSelectionChange || !apiRef.current) return;
      if (!selection) {
        const selected = apiRef.current.getSelectedRows();
        onSelectionChange([...selected.keys()], [...selected.values()] as T[]);
        return;
      }
      // Controlled: the grid still holds the old model here, so read the new one it hands over.
      const idOf = (r: T) => (getRowId ? getRowId(r) : (r.id as GridRowId));
      const picked = (rows ?? []).filter((r) => (model.type === 'include' ? model.ids.has(idOf(r)) : !model.ids.has(idOf(r))));
      onSelectionChange(picked.map(idOf), picked);
    },
    [apiRef, onSelectionChange, selection, rows, getRowId],
  );

  if (error && !rows?.length) return <Alert severity="error">{COMMON_MESSAGES.serverError}</Alert>;

  return (
    <ExtraToolbarContext.Provider value={toolbar}>
      <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: 320, maxHeight: 'calc(100vh - 200px)', width: '100%' }}>
        <DataGrid<T>
          apiRef={apiRef}
          rows={rows ?? []}
          columns={gridColumns}
          getRowId={getRowId}
          loading={loading}
          label={label}
          checkboxSelection={checkboxSelection}
          disableRowSelectionOnClick
          rowSelectionModel={selectionModel}
          onRowSelectionModelChange={onSelection}
          showToolbar
          slots={{ toolbar: TableToolbar, loadingOverlay: FetchingOverlay }}
          localeText={LOCALE}
          rowHeight={rowHeight}
          onCellClick={onOpen ? openFromCell : undefined}
          onCellKeyDown={onOpen ? openFromCell : undefined}
          // Sized to their content the columns may be wider than the screen: every column stays
          // drawn (tables hold at most a page of rows), so the row's actions are always there.
          columnBufferPx={4000}
          {...(serverPages
            ? {
                paginationMode: 'server' as const,
                rowCount: serverPages.rowCount,
                paginationModel: { page: serverPages.page, pageSize: serverPages.pageSize },
                onPaginationModelChange: (m: { page: number; pageSize: number }) => serverPages.onChange(m.page, m.pageSize),
              }
            : { initialState: { pagination: { paginationModel: { pageSize: 25 } } } })}
          pageSizeOptions={[10, 25, 50, 100]}
          sx={{
            bgcolor: 'background.paper',
            '& .MuiDataGrid-cell': { display: 'flex', alignItems: 'center' },
            // Narrower padding and headers that may take two lines leave the values more room:
            // a table of ten columns fits 1280 px with its Action column.
            '& .MuiDataGrid-cell, & .MuiDataGrid-columnHeader': { px: '6px' },
            // The row's filler after the last column takes what is left, padding none.
            '& .MuiDataGrid-cell.MuiDataGrid-cellEmpty': { p: 0 },
            // The Action column's separator would stick out past the table's right edge.
            '& .MuiDataGrid-columnHeader[data-field="__actions"] .MuiDataGrid-columnSeparator': { display: 'none' },
            '& .MuiDataGrid-columnHeaderTitle': { whiteSpace: 'normal', lineHeight: 1.2 },
            ...(onOpen ? { '& .MuiDataGrid-row': { cursor: 'pointer' } } : {}),
          }}
        />
      </Box>
    </ExtraToolbarContext.Provider>
  );
}

/** Caller's controls on the left; columns, filters and the always-open search on the right. */
function TableToolbar() {
  const extra = useContext(ExtraToolbarContext);
  return (
    // Wraps on a phone, so the caller's buttons ('Delete selected') never cover the icons.
    // Sized by its content (the grid's own style is a 1px flex basis), so a wrapped search box is never hidden under the headers.
    <Toolbar style={{ flexWrap: 'wrap', height: 'auto', minHeight: 52, rowGap: 4, flex: '0 0 auto' }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flex: '1 1 auto', minWidth: 0, flexWrap: 'wrap' }}>{extra}</Box>
      <Tooltip title="Columns">
        <ColumnsPanelTrigger render={<ToolbarButton aria-label="Columns" />}>
          <ViewColumnIcon fontSize="small" />
        </ColumnsPanelTrigger>
      </Tooltip>
      <Tooltip title="Filters">
        <FilterPanelTrigger render={<ToolbarButton aria-label="Filters" />}>
          <FilterListIcon fontSize="small" />
        </FilterPanelTrigger>
      </Tooltip>
      <QuickFilter expanded debounceMs={150}>
        <QuickFilterControl
          render={({ ref, ...other }) => (
            <TextField
              {...other}
              inputRef={ref}
              size="small"
              placeholder={COMMON_MESSAGES.searchPlaceholder}
              aria-label="Search"
              sx={{ width: { xs: 180, sm: 260 } }}
              slotProps={{
                ...other.slotProps,
                input: {
                  startAdornment: (
                    <InputAdornment position="start">
                      <SearchIcon fontSize="small" />
                    </InputAdornment>
                  ),
                  endAdornment: other.value ? (
                    <InputAdornment position="end">
                      <QuickFilterClear edge="end" size="small" aria-label="Clear search">
                        <CancelIcon fontSize="small" />
                      </QuickFilterClear>
                    </InputAdornment>
                  ) : null,
                  ...other.slotProps?.input,
                },
              }}
            />
          )}
        />
      </QuickFilter>
    </Toolbar>
  );
}

/** Loading state per spec: 'Fetching data...'. */
function FetchingOverlay() {
  return (
    <Box sx={{ position: 'absolute', inset: 0, display: 'flex', flexDirection: 'column', bgcolor: 'background.paper' }} role="status">
      <LinearProgress aria-hidden />
      <Box sx={{ flex: 1, display: 'grid', placeItems: 'center' }}>
        <Typography color="text.secondary">{COMMON_MESSAGES.fetching}</Typography>
      </Box>
    </Box>
  );
}
