import { yup } from '../platform/validation.js';

const slug = () => yup.string().trim().matches(/^[a-z0-9_-]{1,64}$/i, { message: ({ path }: { path: string }) => `Поле «${path}» может содержать только латинские буквы, цифры, «-» и «_»` });

/** §7: "type defaults to origin". */
export const dictionaryParamsSchema = yup.object({ type: slug().default('origin'), name: slug().required() });
/** The short form /dictionary/:name (type origin). */
export const dictionaryNameSchema = yup.object({ name: slug().required() });
