/** multer hands the name as latin1 bytes; browsers send UTF-8 */
export function fileName(originalname: string): string {
  const utf8 = Buffer.from(originalname, 'latin1').toString('utf8');
  const name = (utf8.includes('\uFFFD') ? originalname : utf8).replace(/[\\/]/g, '_').replace(/[^\P{Cc}]/gu, '_').trim();
  return (name || 'file').slice(0, 191);
}
