import { createContext, useContext, useId, useState, type ReactNode } from 'react';
import { Accordion } from '@postenbring/hedwig-react';

interface GroupValue {
  openItem: string | null;
  setOpenItem: (item: string | null) => void;
}

const AccordionGroupContext = createContext<GroupValue | null>(null);

/** A group of accordion items of which at most one is open at a time. */
export function AccordionGroup({ children, defaultOpen = null }: { children: ReactNode; defaultOpen?: string | null }) {
  const [openItem, setOpenItem] = useState<string | null>(defaultOpen);
  return (
    <AccordionGroupContext.Provider value={{ openItem, setOpenItem }}>
      {/* Hedwig's Accordion types its children narrowly; the items below are its own Items. */}
      <Accordion>{children as React.ReactElement<Parameters<typeof Accordion.Item>[0]>}</Accordion>
    </AccordionGroupContext.Provider>
  );
}

export interface AccordionGroupItemProps {
  /** Stable name of the item in its group; defaults to a generated one. */
  name?: string;
  heading: ReactNode;
  children: ReactNode;
  onOpenChange?: (open: boolean) => void;
}

export function AccordionGroupItem({ name, heading, children, onOpenChange }: AccordionGroupItemProps) {
  const group = useContext(AccordionGroupContext);
  if (!group) throw new Error('AccordionGroupItem must be used inside AccordionGroup');
  const generated = useId();
  const itemName = name ?? generated;
  const open = group.openItem === itemName;
  return (
    <Accordion.Item
      open={open}
      data-name={itemName}
      onOpenChange={(nextOpen) => {
        group.setOpenItem(nextOpen ? itemName : null);
        onOpenChange?.(nextOpen);
      }}
    >
      <Accordion.Header>{heading}</Accordion.Header>
      <Accordion.Content>{children}</Accordion.Content>
    </Accordion.Item>
  );
}
