import { Message as HedwigMessage } from '@postenbring/hedwig-react';
import { render } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it } from 'vitest';
import { Message } from './message';

describe('Message (issue #52)', () => {
  it.each(['success', 'info', 'warning'] as const)('draws what hedwig-react draws (%s)', (variant) => {
    const ours = render(
      <Message variant={variant} className="extra" role="alert" tabIndex={-1}>
        <Message.Title>Title</Message.Title>
        <Message.Description className="more">Text</Message.Description>
      </Message>,
    ).container.innerHTML;
    const hedwig = render(
      <HedwigMessage variant={variant} className="extra" role="alert" tabIndex={-1}>
        <HedwigMessage.Title>Title</HedwigMessage.Title>
        <HedwigMessage.Description className="more">Text</HedwigMessage.Description>
      </HedwigMessage>,
    ).container.innerHTML;
    expect(ours).toBe(hedwig);
  });

  it('passes its ref to the box (focus moves to a warning)', () => {
    const ref = createRef<HTMLDivElement>();
    render(<Message variant="warning" ref={ref} />);
    expect(ref.current).toHaveClass('hds-message', 'hds-message--warning');
  });
});
