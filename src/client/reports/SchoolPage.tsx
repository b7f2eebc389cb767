import { SCHOOL_PAGES } from './ReportsRoutes';

/** One page of the schools drill-down, by name: a lazily loaded chunk's single entry. */
export default function SchoolPage({ name }: { name: keyof typeof SCHOOL_PAGES }) {
  return SCHOOL_PAGES[name];
}
