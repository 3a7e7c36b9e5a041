import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Tabs, TabsContent, TabsList, TabsTrigger } from './tabs';

function Three(props: React.ComponentProps<typeof Tabs>) {
  return (
    <Tabs {...props}>
      <TabsList aria-label="Listor">
        <TabsTrigger value="a">Första</TabsTrigger>
        <TabsTrigger value="b">Andra</TabsTrigger>
        <TabsTrigger value="c">Tredje</TabsTrigger>
      </TabsList>
      <TabsContent value="a">Innehåll A</TabsContent>
      <TabsContent value="b">Innehåll B</TabsContent>
      <TabsContent value="c">Innehåll C</TabsContent>
    </Tabs>
  );
}

const tab = (name: string) => screen.getByRole('tab', { name });

describe('Tabs', () => {
  it('ties each tab to its panel and shows only the chosen one', () => {
    render(<Three defaultValue="a" />);
    expect(screen.getByRole('tablist', { name: 'Listor' })).toBeInTheDocument();
    const panel = screen.getByRole('tabpanel');
    expect(panel).toHaveTextContent('Innehåll A');
    expect(panel).toHaveAttribute('aria-labelledby', tab('Första').id);
    expect(tab('Första')).toHaveAttribute('aria-controls', panel.id);
    expect(tab('Första')).toHaveAttribute('aria-selected', 'true');
    expect(tab('Första')).toHaveAttribute('data-state', 'active');
    expect(tab('Andra')).toHaveAttribute('aria-selected', 'false');
    // The others' panels are in the page, hidden and empty.
    const hidden = screen.getAllByRole('tabpanel', { hidden: true });
    expect(hidden).toHaveLength(3);
    expect(hidden[1]).not.toBeVisible();
    expect(hidden[1]).toBeEmptyDOMElement();
    // One tab stop: the chosen tab.
    expect([tab('Första'), tab('Andra'), tab('Tredje')].map((t) => t.tabIndex)).toEqual([
      0, -1, -1,
    ]);
  });

  it('chooses a tab by a click', async () => {
    render(<Three defaultValue="a" />);
    await userEvent.setup().click(tab('Tredje'));
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Innehåll C');
    expect(tab('Tredje')).toHaveAttribute('aria-selected', 'true');
    expect(tab('Tredje').tabIndex).toBe(0);
  });

  it('moves with the arrow keys round the row, and to its ends with Home and End', async () => {
    render(<Three defaultValue="a" />);
    const user = userEvent.setup();
    await user.tab();
    expect(tab('Första')).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(tab('Andra')).toHaveFocus();
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Innehåll B');
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(tab('Första')).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(tab('Tredje')).toHaveFocus();
    await user.keyboard('{Home}');
    expect(tab('Första')).toHaveFocus();
    await user.keyboard('{End}');
    expect(tab('Tredje')).toHaveFocus();
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Innehåll C');
    // Tab leaves the row for the panel.
    await user.tab();
    expect(screen.getByRole('tabpanel')).toHaveFocus();
  });

  it('when controlled, tells the owner and shows what the owner chose', async () => {
    const onValueChange = vi.fn();
    const { rerender } = render(<Three value="a" onValueChange={onValueChange} />);
    await userEvent.setup().click(tab('Andra'));
    expect(onValueChange).toHaveBeenCalledWith('b');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Innehåll A');
    rerender(<Three value="b" onValueChange={onValueChange} />);
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Innehåll B');
  });

  it('does not tell the owner again about the tab already chosen', async () => {
    function Owner({ onChange }: { onChange: (value: string) => void }) {
      const [value, setValue] = useState('a');
      return (
        <Three
          value={value}
          onValueChange={(next) => {
            onChange(next);
            setValue(next);
          }}
        />
      );
    }
    const onChange = vi.fn();
    render(<Owner onChange={onChange} />);
    const user = userEvent.setup();
    await user.click(tab('Första'));
    await user.click(tab('Andra'));
    await user.click(tab('Andra'));
    expect(onChange.mock.calls).toEqual([['b']]);
  });
});
