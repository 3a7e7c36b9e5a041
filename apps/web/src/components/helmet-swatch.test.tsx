import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HelmetSwatch } from './helmet-swatch';

describe('HelmetSwatch', () => {
  it.each([
    ['röd', 'R', 'Röd'],
    ['blå', 'B', 'Blå'],
    ['vit', 'V', 'Vit'],
    ['gul', 'G', 'Gul'],
  ] as const)(
    'shows %s with its letter on the dot and its name for a screen reader',
    (color, letter, name) => {
      const { container } = render(<HelmetSwatch color={color} />);
      expect(container.querySelector('[aria-hidden="true"]')).toHaveTextContent(letter);
      expect(screen.getByText(name)).toHaveClass('sr-only');
    },
  );
});
