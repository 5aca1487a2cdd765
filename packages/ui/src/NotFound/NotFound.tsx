import { Link } from 'react-aria-components';
import { Icon } from '../Icon';
import * as s from './NotFound.css';

export interface NotFoundProps {
  /** The big text. @default '404' */
  code?: string;
  /** Heading under the code (e.g. "Page not found"). */
  title: string;
  /** The explanatory message. */
  message: string;
  /** Text of the link back (SPEC §2: the text meaning "return to dashboard"). */
  linkLabel: string;
  /** Where the link goes; client-side when the app wraps RAC's RouterProvider. @default '/home/dashboard' */
  href?: string;
}

/** The not-found page of SPEC §2: the big 404, a message and a link back to the dashboard. */
export function NotFound({ code = '404', title, message, linkLabel, href = '/home/dashboard' }: NotFoundProps) {
  return (
    <main className={s.root}>
      <div className={s.card}>
        <p className={s.code}>{code}</p>
        <h1 className={s.title}>{title}</h1>
        <p className={s.message}>{message}</p>
        <Link className={s.link} href={href}>
          <Icon name="dashboard" size="sm" />
          {linkLabel}
        </Link>
      </div>
    </main>
  );
}
