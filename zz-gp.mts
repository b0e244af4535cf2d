import { matchRoutes } from 'react-router';
const routes = [{ path: '/', id:'root', children: [{ index: true, id: 'idx' }, { path: 'business', id: 'b' }, { path: 'mobileLogin/:token/password', id: 'mp' }, { path: 'mobileLogin/:token/:lvl', id: 'me' }, {path:'epost-verifisering', id:'ev', children:[{index:true,id:'evi'},{path:'fullfort',id:'evf'}]}, { path: '*', id: 'nf' }]}];
for (const p of ['', '/', 'business', 'business/', 'business//', 'BUSINESS', '//business', 'mobileLogin/x/password', 'mobileLogin/x%2Fy/password', 'mobileLogin//x/password', 'mobileLogin/x/password/', 'epost-verifisering/', 'epost-verifisering/fullfort/', 'mobileLogin/%E0/password', 'a%', 'mobileLogin/x/idporten3']) {
  try { console.log(JSON.stringify(p), matchRoutes(routes as any, '/'+p)?.map(m => m.route.id + JSON.stringify(m.params)).join(' > ')); } catch (e) { console.log(p, 'ERR', (e as Error).message); }
}
