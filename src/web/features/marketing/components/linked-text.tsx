import { Fragment } from 'react';

/** Prose in which the support address becomes a mailto link wherever it appears. */
export function TextWithEmailLinks({ text, email }: { text: string; email: string }) {
  const parts = text.split(email);
  return (
    <>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {part}
          {index < parts.length - 1 && (
            <a href={`mailto:${email}`} className="font-medium text-primary underline underline-offset-4">
              {email}
            </a>
          )}
        </Fragment>
      ))}
    </>
  );
}
