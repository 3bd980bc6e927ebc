// Long ids, addresses and URLs wrap at their joints on a phone (issue 30 #6), never changing
// the text that is read or copied.
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Breakable } from './Breakable.tsx';

afterEach(cleanup);

const shown = (text: string) => {
  const { container } = render(<Breakable text={text} />);
  const span = container.firstElementChild as HTMLElement;
  // Each piece between the places where the line may break.
  const pieces = span.innerHTML.split('<wbr>');
  return { span, pieces };
};

describe('Breakable', () => {
  it('lets an order id break after its hyphens only', () => {
    const { span, pieces } = shown('13f5eb3b-7b83-45ba-a5c3-f40a86b3800e');
    expect(span.textContent).toBe('13f5eb3b-7b83-45ba-a5c3-f40a86b3800e');
    expect(pieces).toEqual(['13f5eb3b-', '7b83-', '45ba-', 'a5c3-', 'f40a86b3800e']);
  });

  it('lets an e-mail address break after its @ and dots, and a URL after its slashes', () => {
    expect(shown('parts@garage.services').pieces).toEqual(['parts@', 'garage.', 'services']);
    cleanup();
    expect(shown('https://erp.fleet.test/axle').pieces).toEqual([
      'https:',
      '/',
      '/',
      'erp.',
      'fleet.',
      'test/',
      'axle',
    ]);
  });

  it('leaves a word without joints whole', () => {
    const { span, pieces } = shown('INV000043');
    expect(pieces).toEqual(['INV000043']);
    expect(span.className).toContain('wrap-anywhere');
  });
});
