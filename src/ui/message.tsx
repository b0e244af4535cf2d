import type { ComponentProps } from 'react';

/**
 * Hedwig's message box (hds-message): the elements and classes hedwig-react's Message draws, without its
 * generic Box (closing, asChild), which no message of ours uses. hedwig-react's costs each screen that
 * shows one about 750 B gzip in a chunk of its own; this one a few dozen (issue #52).
 */
export function Message({ variant, className, ...rest }: ComponentProps<'div'> & { variant: 'success' | 'info' | 'warning' }) {
  return <div className={`hds-box hds-message hds-message--${variant}${className ? ` ${className}` : ''}`} {...rest} />;
}

function MessageTitle({ className, ...rest }: ComponentProps<'div'>) {
  return <div className={`hds-message__title${className ? ` ${className}` : ''}`} {...rest} />;
}

function MessageDescription({ className, ...rest }: ComponentProps<'div'>) {
  return <div className={`hds-message__description${className ? ` ${className}` : ''}`} {...rest} />;
}

Message.Title = MessageTitle;
Message.Description = MessageDescription;
