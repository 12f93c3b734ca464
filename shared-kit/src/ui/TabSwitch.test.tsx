import * as React from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { TabSwitch } from './TabSwitch';

function Catalogue() {
  const [tab, setTab] = React.useState<'a' | 'b' | 'c'>('a');
  return (
    <TabSwitch
      label="Каталог продуктов"
      activeKey={tab}
      onChange={setTab}
      items={[
        { key: 'a', label: 'Физическим лицам и ИП', children: <p>ОСАГО</p> },
        { key: 'b', label: 'Юридическим лицам', children: <p>ОСГОП</p> },
        { key: 'c', label: 'Прочее', children: <p>Разное</p> },
      ]}
    />
  );
}

describe('TabSwitch (home catalogue tabs)', () => {
  test('one tab selected, its panel shown and labelled by it; a click switches', () => {
    render(<Catalogue />);
    expect(screen.getByRole('tablist', { name: 'Каталог продуктов' })).toBeInTheDocument();
    const first = screen.getByRole('tab', { name: 'Физическим лицам и ИП' });
    expect(first).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Физическим лицам и ИП' })).toHaveTextContent('ОСАГО');
    fireEvent.click(screen.getByRole('tab', { name: 'Юридическим лицам' }));
    expect(screen.getByRole('tabpanel', { name: 'Юридическим лицам' })).toHaveTextContent('ОСГОП');
    expect(screen.queryByText('ОСАГО')).toBeNull();
    expect(first).toHaveAttribute('aria-selected', 'false');
  });

  test('only the selected tab is in the tab order; arrows wrap around, Home and End jump, focus follows', () => {
    render(<Catalogue />);
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((t) => t.tabIndex)).toEqual([0, -1, -1]);
    fireEvent.keyDown(tabs[0], { key: 'ArrowLeft' });
    expect(tabs[2]).toHaveAttribute('aria-selected', 'true');
    expect(tabs[2]).toHaveFocus();
    fireEvent.keyDown(tabs[2], { key: 'ArrowRight' });
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    fireEvent.keyDown(tabs[0], { key: 'End' });
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Разное');
    fireEvent.keyDown(tabs[2], { key: 'Home' });
    expect(tabs[0]).toHaveFocus();
    expect(screen.getByRole('tabpanel')).toHaveTextContent('ОСАГО');
  });
});
