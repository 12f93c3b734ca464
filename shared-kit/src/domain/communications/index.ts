export * from './notifications';
export * from './chats';
