export * from './notifications';
export * from './chats';
export * from './campaigns';
