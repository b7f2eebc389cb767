/** The dashboard's choices, kept in the page's URL so a view can be shared and survives a reload. */
export interface Selection {
  platform_id: number | null;
  school_id: number[];
  academic_year_id: number[];
  round_id: number[];
  grade_id: number[];
  comparative: boolean;
}

export const LIST_KEYS = ['school_id', 'academic_year_id', 'round_id', 'grade_id'] as const;
export type ListKey = (typeof LIST_KEYS)[number];

const ids = (text: string | null) =>
  (text ?? '')
    .split(',')
    .map(Number)
    .filter((id) => Number.isInteger(id) && id > 0);

/** The selection of the page's URL (`?platform_id=1&school_id=1,2&comparative=1`). */
export function selectionFromUrl(params: URLSearchParams): Selection {
  const platform = Number(params.get('platform_id'));
  return {
    platform_id: Number.isInteger(platform) && platform > 0 ? platform : null,
    school_id: ids(params.get('school_id')),
    academic_year_id: ids(params.get('academic_year_id')),
    round_id: ids(params.get('round_id')),
    grade_id: ids(params.get('grade_id')),
    comparative: params.get('comparative') === '1',
  };
}

export function selectionToUrl(selection: Selection): URLSearchParams {
  const params = new URLSearchParams();
  if (selection.platform_id) params.set('platform_id', String(selection.platform_id));
  for (const key of LIST_KEYS) if (selection[key].length > 0) params.set(key, selection[key].join(','));
  if (selection.comparative) params.set('comparative', '1');
  return params;
}

/** The API's query (SPEC section 7): `school_id[]=1&school_id[]=2 ... show_comparative=1`. */
export function selectionToApiQuery(selection: Selection): URLSearchParams {
  const params = new URLSearchParams();
  if (selection.platform_id) params.set('platform_id', String(selection.platform_id));
  for (const key of LIST_KEYS) for (const id of selection[key]) params.append(`${key}[]`, String(id));
  params.set('show_comparative', selection.comparative ? '1' : '0');
  return params;
}
