import { format } from 'date-fns';

/** The end of a trial as the plan card and the toasts say it. */
export const trialEnd = (iso: string) =>
  format(new Date(iso), 'd MMM yyyy, HH:mm');
