import { Pagination } from 'react-admin';

/** The console's list page size (the API's default `per_page`). */
export const PAGE_SIZE = 15;

/** react-admin's pagination with our page size among the choices. */
export function ListPagination() {
  return <Pagination rowsPerPageOptions={[PAGE_SIZE, 30, 50, 100]} />;
}
