declare module 'virtual:common-passwords' {
  const entries: string;
  export default entries;
}
