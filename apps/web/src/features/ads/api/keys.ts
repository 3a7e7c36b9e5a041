/** The admin area's ad queries; every change invalidates `all`. */
export const adKeys = {
  all: ['ads'] as const,
  list: () => [...adKeys.all, 'list'] as const,
  detail: (id: string) => [...adKeys.all, 'detail', id] as const,
};
