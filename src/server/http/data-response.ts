import { z } from 'zod';

/** A route's 200 response schema: `{data}` and nothing else (the serializer drops any other field). */
export const dataOf = <T extends z.ZodType>(data: T) => ({ 200: z.strictObject({ data }) });
