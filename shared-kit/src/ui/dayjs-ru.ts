/**
 * dayjs speaks Russian wherever dates are shown or picked. Imported by `ui/index` and `ui/form`
 * (not by the login page's `ui/base`, which shows no dates and stays lighter without dayjs).
 */
import dayjs from 'dayjs';
import 'dayjs/locale/ru';

dayjs.locale('ru');

export { dayjs };
