import * as React from 'react';
import { Drawer } from '@oyster/shared-kit/ui/frame';

/** The narrow layout's sidebar (below the 1000px breakpoint), in antd's Drawer (loaded with the frame chunk). */
export default function SidebarDrawer({ open, onClose, children }: { open: boolean; onClose: () => void; children: React.ReactNode }) {
  return (
    <Drawer open={open} onClose={onClose} placement="left" size={280} title="Oyster" styles={{ body: { padding: 12 } }}>
      {children}
    </Drawer>
  );
}
