// Folding of the characters the normaliser turns into ASCII letters and digits (lib/text/normalise.ts):
// the rules of PostgreSQL's unaccent extension (contrib/unaccent/unaccent.rules of PostgreSQL 17, PostgreSQL
// Licence), their outputs upper-cased and reduced to what normalisation keeps (letters and digits;
// anything else separates words). Rules whose output keeps nothing are left out: such characters
// separate words like any other. Data only; tda_normalise (db/migrations/0006) is written from it.

/** Characters folded to one letter or digit: FOLD_FROM's i-th code point becomes FOLD_TO's i-th. */
export const FOLD_FROM =
  'ªºÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÐÑÒÓÔÕÖØÙÚÛÜÝàáâãäåçèéêëìíîïðñò' +
  'óôõöøùúûüýÿĀāĂăĄąĆćĈĉĊċČčĎďĐđĒēĔĕĖėĘęĚěĜĝĞğĠġĢģĤ' +
  'ĥĦħĨĩĪīĬĭĮįİıĴĵĶķĸĹĺĻļĽľĿŀŁłŃńŅņŇňŊŋŌōŎŏŐőŔŕŖŗŘř' +
  'ŚśŜŝŞşŠšŢţŤťŦŧŨũŪūŬŭŮůŰűŲųŴŵŶŷŸŹźŻżŽžſƀƁƂƃƇƈƉƊƋƌ' +
  'ƐƑƒƓƖƗƘƙƚƝƞƠơƤƥƫƬƭƮƯưƲƳƴƵƶǍǎǏǐǑǒǓǔǕǖǗǘǙǚǛǜǞǟǠǡǤǥ' +
  'ǦǧǨǩǪǫǬǭǰǴǵǸǹǺǻȀȁȂȃȄȅȆȇȈȉȊȋȌȍȎȏȐȑȒȓȔȕȖȗȘșȚțȞȟȡȤȥ' +
  'ȦȧȨȩȪȫȬȭȮȯȰȱȲȳȴȵȶȷȺȻȼȽȾȿɀɃɄɆɇɈɉɌɍɎɏɓɕɖɗɛɟɠɡɢɦɧɨɪ' +
  'ɫɬɭɱɲɳɴɼɽɾʀʂʈʉʋʏʐʑʙʛʜʝʟʠʰʲʳʷʸˡˢˣᴀᴃᴄᴅᴆᴇᴊᴋᴌᴍᴏᴘᴛᴜᴠᴡ' +
  'ᴢᴬᴮᴰᴱᴳᴴᴵᴶᴷᴸᴹᴺᴼᴾᴿᵀᵁᵂᵃᵇᵈᵉᵍᵏᵐᵒᵖᵗᵘᵛᵢᵣᵤᵥᵬᵭᵮᵯᵰᵱᵲᵳᵴᵵᵶᵻᵽ' +
  'ᵾᶀᶁᶂᶃᶄᶅᶆᶇᶈᶉᶊᶌᶍᶎᶏᶑᶒᶓᶖᶙᶜᶠᶻḀḁḂḃḄḅḆḇḈḉḊḋḌḍḎḏḐḑḒḓḔḕḖḗ' +
  'ḘḙḚḛḜḝḞḟḠḡḢḣḤḥḦḧḨḩḪḫḬḭḮḯḰḱḲḳḴḵḶḷḸḹḺḻḼḽḾḿṀṁṂṃṄṅṆṇ' +
  'ṈṉṊṋṌṍṎṏṐṑṒṓṔṕṖṗṘṙṚṛṜṝṞṟṠṡṢṣṤṥṦṧṨṩṪṫṬṭṮṯṰṱṲṳṴṵṶṷ' +
  'ṸṹṺṻṼṽṾṿẀẁẂẃẄẅẆẇẈẉẊẋẌẍẎẏẐẑẒẓẔẕẖẗẘẙẚẜẝẠạẢảẤấẦầẨẩẪ' +
  'ẫẬậẮắẰằẲẳẴẵẶặẸẹẺẻẼẽẾếỀềỂểỄễỆệỈỉỊịỌọỎỏỐốỒồỔổỖỗỘộỚ' +
  'ớỜờỞởỠỡỢợỤụỦủỨứỪừỬửỮữỰựỲỳỴỵỶỷỸỹỼỽỾỿⁱⁿₐₑₒₓₕₖₗₘₙₚₛ' +
  'ₜℂℊℋℌℍℎℐℑℒℓℕ℘ℙℚℛℜℝℤℨKÅℬℭℯℰℱℳℴℹⅅⅆⅇⅈⅉⅠⅤⅩⅬⅭⅮⅯⅰⅴⅹⅼⅽⅾ' +
  'ⅿⱠⱡⱢⱣⱤⱥⱦⱧⱨⱩⱪⱫⱬⱮⱱⱲⱳⱴⱸⱺⱼⱽⱾⱿ〇ꜰꜱꝀꝁꝂꝃꝄꝅꝆꝇꝈꝉꝊꝋꝌꝍꝐꝑꝒꝓꝔꝕ' +
  'ꝖꝗꝘꝙꝞꝟꝱꝲꝳꝴꝵꝶꝷꝹꝺꝻꝼꞆꞇꞐꞑꞒꞓꞠꞡꞢꞣꞤꞥꞦꞧꞨꞩꞪꟲꟳꟴ０１２３４５６７８９Ａ' +
  'ＢＣＤＥＦＧＨＩＪＫＬＭＮＯＰＱＲＳＴＵＶＷＸＹＺａｂｃｄｅｆｇｈｉｊｋｌｍｎｏｐｑｒｓｔｕｖｗ' +
  'ｘｙｚ𐞥𝐀𝐁𝐂𝐃𝐄𝐅𝐆𝐇𝐈𝐉𝐊𝐋𝐌𝐍𝐎𝐏𝐐𝐑𝐒𝐓𝐔𝐕𝐖𝐗𝐘𝐙𝐚𝐛𝐜𝐝𝐞𝐟𝐠𝐡𝐢𝐣𝐤𝐥𝐦𝐧𝐨𝐩𝐪𝐫' +
  '𝐬𝐭𝐮𝐯𝐰𝐱𝐲𝐳𝐴𝐵𝐶𝐷𝐸𝐹𝐺𝐻𝐼𝐽𝐾𝐿𝑀𝑁𝑂𝑃𝑄𝑅𝑆𝑇𝑈𝑉𝑊𝑋𝑌𝑍𝑎𝑏𝑐𝑑𝑒𝑓𝑔𝑖𝑗𝑘𝑙𝑚𝑛𝑜' +
  '𝑝𝑞𝑟𝑠𝑡𝑢𝑣𝑤𝑥𝑦𝑧𝑨𝑩𝑪𝑫𝑬𝑭𝑮𝑯𝑰𝑱𝑲𝑳𝑴𝑵𝑶𝑷𝑸𝑹𝑺𝑻𝑼𝑽𝑾𝑿𝒀𝒁𝒂𝒃𝒄𝒅𝒆𝒇𝒈𝒉𝒊𝒋𝒌' +
  '𝒍𝒎𝒏𝒐𝒑𝒒𝒓𝒔𝒕𝒖𝒗𝒘𝒙𝒚𝒛𝒜𝒞𝒟𝒢𝒥𝒦𝒩𝒪𝒫𝒬𝒮𝒯𝒰𝒱𝒲𝒳𝒴𝒵𝒶𝒷𝒸𝒹𝒻𝒽𝒾𝒿𝓀𝓁𝓂𝓃𝓅𝓆𝓇' +
  '𝓈𝓉𝓊𝓋𝓌𝓍𝓎𝓏𝓐𝓑𝓒𝓓𝓔𝓕𝓖𝓗𝓘𝓙𝓚𝓛𝓜𝓝𝓞𝓟𝓠𝓡𝓢𝓣𝓤𝓥𝓦𝓧𝓨𝓩𝓪𝓫𝓬𝓭𝓮𝓯𝓰𝓱𝓲𝓳𝓴𝓵𝓶𝓷' +
  '𝓸𝓹𝓺𝓻𝓼𝓽𝓾𝓿𝔀𝔁𝔂𝔃𝔄𝔅𝔇𝔈𝔉𝔊𝔍𝔎𝔏𝔐𝔑𝔒𝔓𝔔𝔖𝔗𝔘𝔙𝔚𝔛𝔜𝔞𝔟𝔠𝔡𝔢𝔣𝔤𝔥𝔦𝔧𝔨𝔩𝔪𝔫𝔬' +
  '𝔭𝔮𝔯𝔰𝔱𝔲𝔳𝔴𝔵𝔶𝔷𝔸𝔹𝔻𝔼𝔽𝔾𝕀𝕁𝕂𝕃𝕄𝕆𝕊𝕋𝕌𝕍𝕎𝕏𝕐𝕒𝕓𝕔𝕕𝕖𝕗𝕘𝕙𝕚𝕛𝕜𝕝𝕞𝕟𝕠𝕡𝕢𝕣' +
  '𝕤𝕥𝕦𝕧𝕨𝕩𝕪𝕫𝕬𝕭𝕮𝕯𝕰𝕱𝕲𝕳𝕴𝕵𝕶𝕷𝕸𝕹𝕺𝕻𝕼𝕽𝕾𝕿𝖀𝖁𝖂𝖃𝖄𝖅𝖆𝖇𝖈𝖉𝖊𝖋𝖌𝖍𝖎𝖏𝖐𝖑𝖒𝖓' +
  '𝖔𝖕𝖖𝖗𝖘𝖙𝖚𝖛𝖜𝖝𝖞𝖟𝖠𝖡𝖢𝖣𝖤𝖥𝖦𝖧𝖨𝖩𝖪𝖫𝖬𝖭𝖮𝖯𝖰𝖱𝖲𝖳𝖴𝖵𝖶𝖷𝖸𝖹𝖺𝖻𝖼𝖽𝖾𝖿𝗀𝗁𝗂𝗃' +
  '𝗄𝗅𝗆𝗇𝗈𝗉𝗊𝗋𝗌𝗍𝗎𝗏𝗐𝗑𝗒𝗓𝗔𝗕𝗖𝗗𝗘𝗙𝗚𝗛𝗜𝗝𝗞𝗟𝗠𝗡𝗢𝗣𝗤𝗥𝗦𝗧𝗨𝗩𝗪𝗫𝗬𝗭𝗮𝗯𝗰𝗱𝗲𝗳' +
  '𝗴𝗵𝗶𝗷𝗸𝗹𝗺𝗻𝗼𝗽𝗾𝗿𝘀𝘁𝘂𝘃𝘄𝘅𝘆𝘇𝘈𝘉𝘊𝘋𝘌𝘍𝘎𝘏𝘐𝘑𝘒𝘓𝘔𝘕𝘖𝘗𝘘𝘙𝘚𝘛𝘜𝘝𝘞𝘟𝘠𝘡𝘢𝘣' +
  '𝘤𝘥𝘦𝘧𝘨𝘩𝘪𝘫𝘬𝘭𝘮𝘯𝘰𝘱𝘲𝘳𝘴𝘵𝘶𝘷𝘸𝘹𝘺𝘻𝘼𝘽𝘾𝘿𝙀𝙁𝙂𝙃𝙄𝙅𝙆𝙇𝙈𝙉𝙊𝙋𝙌𝙍𝙎𝙏𝙐𝙑𝙒𝙓' +
  '𝙔𝙕𝙖𝙗𝙘𝙙𝙚𝙛𝙜𝙝𝙞𝙟𝙠𝙡𝙢𝙣𝙤𝙥𝙦𝙧𝙨𝙩𝙪𝙫𝙬𝙭𝙮𝙯𝙰𝙱𝙲𝙳𝙴𝙵𝙶𝙷𝙸𝙹𝙺𝙻𝙼𝙽𝙾𝙿𝚀𝚁𝚂𝚃' +
  '𝚄𝚅𝚆𝚇𝚈𝚉𝚊𝚋𝚌𝚍𝚎𝚏𝚐𝚑𝚒𝚓𝚔𝚕𝚖𝚗𝚘𝚙𝚚𝚛𝚜𝚝𝚞𝚟𝚠𝚡𝚢𝚣'
export const FOLD_TO =
  'AOAAAAAACEEEEIIIIDNOOOOOOUUUUYAAAAAACEEEEIIIIDNO' +
  'OOOOOUUUUYYAAAAAACCCCCCCCDDDDEEEEEEEEEEGGGGGGGGH' +
  'HHHIIIIIIIIIIJJKKQLLLLLLLLLLNNNNNNNNOOOOOORRRRRR' +
  'SSSSSSSSTTTTTTUUUUUUUUUUUUWWYYYZZZZZZSBBBBCCDDDD' +
  'EFFGIIKKLNNOOPPTTTTUUVYYZZAAIIOOUUUUUUUUUUAAAAGG' +
  'GGKKOOOOJGGNNAAAAAAEEEEIIIIOOOORRRRUUUUSSTTHHDZZ' +
  'AAEEOOOOOOOOYYLNTJACCLTSZBUEEJJRRYYBCDDEJGGGHHII' +
  'LLLMNNNRRRRSTUVYZZBGHJLQHJRWYLSXABCDDEJKLMOPTUVW' +
  'ZABDEGHIJKLMNOPRTUWABDEGKMOPTUVIRUVBDFMNPRRSTZIP' +
  'UBDFGKLMNPRSVXZADEEIUCFZAABBBBBBCCDDDDDDDDDDEEEE' +
  'EEEEEEFFGGHHHHHHHHHHIIIIKKKKKKLLLLLLLLMMMMMMNNNN' +
  'NNNNOOOOOOOOPPPPRRRRRRRRSSSSSSSSSSTTTTTTTTUUUUUU' +
  'UUUUVVVVWWWWWWWWWWXXXXYYZZZZZZHTWYASSAAAAAAAAAAA' +
  'AAAAAAAAAAAAAEEEEEEEEEEEEEEEEIIIIOOOOOOOOOOOOOOO' +
  'OOOOOOOOOUUUUUUUUUUUUUUYYYYYYYYVVYYINAEOXHKLMNPS' +
  'TCGHHHHIILLNPPQRRRZZKABCEEFMOIDDEIJIVXLCDMIVXLCD' +
  'MLLLPRATHHKKZZMVWWVEOJVSZ0FSKKKKKKLLLLOOOOPPPPPP' +
  'QQQQVVDLMNRRTDDFFTTNNCCGGKKNNRRSSHCFQ0123456789A' +
  'BCDEFGHIJKLMNOPQRSTUVWXYZABCDEFGHIJKLMNOPQRSTUVW' +
  'XYZQABCDEFGHIJKLMNOPQRSTUVWXYZABCDEFGHIJKLMNOPQR' +
  'STUVWXYZABCDEFGHIJKLMNOPQRSTUVWXYZABCDEFGIJKLMNO' +
  'PQRSTUVWXYZABCDEFGHIJKLMNOPQRSTUVWXYZABCDEFGHIJK' +
  'LMNOPQRSTUVWXYZACDGJKNOPQSTUVWXYZABCDFHIJKLMNPQR' +
  'STUVWXYZABCDEFGHIJKLMNOPQRSTUVWXYZABCDEFGHIJKLMN' +
  'OPQRSTUVWXYZABDEFGJKLMNOPQSTUVWXYABCDEFGHIJKLMNO' +
  'PQRSTUVWXYZABDEFGIJKLMOSTUVWXYABCDEFGHIJKLMNOPQR' +
  'STUVWXYZABCDEFGHIJKLMNOPQRSTUVWXYZABCDEFGHIJKLMN' +
  'OPQRSTUVWXYZABCDEFGHIJKLMNOPQRSTUVWXYZABCDEFGHIJ' +
  'KLMNOPQRSTUVWXYZABCDEFGHIJKLMNOPQRSTUVWXYZABCDEF' +
  'GHIJKLMNOPQRSTUVWXYZABCDEFGHIJKLMNOPQRSTUVWXYZAB' +
  'CDEFGHIJKLMNOPQRSTUVWXYZABCDEFGHIJKLMNOPQRSTUVWX' +
  'YZABCDEFGHIJKLMNOPQRSTUVWXYZABCDEFGHIJKLMNOPQRST' +
  'UVWXYZABCDEFGHIJKLMNOPQRSTUVWXYZ'

/** Characters folded to several (œ → OE, ß → SS, ½ → 1 2, ℡ → TEL…); spaces separate words. */
export const FOLD_MULTI: ReadonlyArray<readonly [string, string]> = [
  ['©', ' C '],
  ['®', ' R '],
  ['¼', ' 1 4'],
  ['½', ' 1 2'],
  ['¾', ' 3 4'],
  ['Æ', 'AE'],
  ['Þ', 'TH'],
  ['ß', 'SS'],
  ['æ', 'AE'],
  ['þ', 'TH'],
  ['Ĳ', 'IJ'],
  ['ĳ', 'IJ'],
  ['ŉ', ' N'],
  ['Œ', 'OE'],
  ['œ', 'OE'],
  ['ƕ', 'HV'],
  ['Ƣ', 'OI'],
  ['ƣ', 'OI'],
  ['Ǆ', 'DZ'],
  ['ǅ', 'DZ'],
  ['ǆ', 'DZ'],
  ['Ǉ', 'LJ'],
  ['ǈ', 'LJ'],
  ['ǉ', 'LJ'],
  ['Ǌ', 'NJ'],
  ['ǋ', 'NJ'],
  ['ǌ', 'NJ'],
  ['Ǳ', 'DZ'],
  ['ǲ', 'DZ'],
  ['ǳ', 'DZ'],
  ['ȸ', 'DB'],
  ['ȹ', 'QP'],
  ['ɶ', 'OE'],
  ['ʣ', 'DZ'],
  ['ʥ', 'DZ'],
  ['ʦ', 'TS'],
  ['ʪ', 'LS'],
  ['ʫ', 'LZ'],
  ['ᴁ', 'AE'],
  ['ᵫ', 'UE'],
  ['ᵺ', 'TH'],
  ['ẞ', 'SS'],
  ['Ỻ', 'LL'],
  ['ỻ', 'LL'],
  ['₠', 'CE'],
  ['₢', 'CR'],
  ['₣', 'FR '],
  ['₤', 'L '],
  ['₧', 'PTS'],
  ['₹', 'RS'],
  ['₺', 'TL'],
  ['℀', 'A C'],
  ['℁', 'A S'],
  ['℃', ' C'],
  ['℅', 'C O'],
  ['℆', 'C U'],
  ['℉', ' F'],
  ['№', 'NO'],
  ['℗', ' P '],
  ['℞', 'RX'],
  ['℡', 'TEL'],
  ['℻', 'FAX'],
  ['⅐', ' 1 7'],
  ['⅑', ' 1 9'],
  ['⅒', ' 1 10'],
  ['⅓', ' 1 3'],
  ['⅔', ' 2 3'],
  ['⅕', ' 1 5'],
  ['⅖', ' 2 5'],
  ['⅗', ' 3 5'],
  ['⅘', ' 4 5'],
  ['⅙', ' 1 6'],
  ['⅚', ' 5 6'],
  ['⅛', ' 1 8'],
  ['⅜', ' 3 8'],
  ['⅝', ' 5 8'],
  ['⅞', ' 7 8'],
  ['⅟', ' 1 '],
  ['Ⅱ', 'II'],
  ['Ⅲ', 'III'],
  ['Ⅳ', 'IV'],
  ['Ⅵ', 'VI'],
  ['Ⅶ', 'VII'],
  ['Ⅷ', 'VIII'],
  ['Ⅸ', 'IX'],
  ['Ⅺ', 'XI'],
  ['Ⅻ', 'XII'],
  ['ⅱ', 'II'],
  ['ⅲ', 'III'],
  ['ⅳ', 'IV'],
  ['ⅵ', 'VI'],
  ['ⅶ', 'VII'],
  ['ⅷ', 'VIII'],
  ['ⅸ', 'IX'],
  ['ⅺ', 'XI'],
  ['ⅻ', 'XII'],
  ['↉', ' 0 3'],
  ['⑴', ' 1 '],
  ['⑵', ' 2 '],
  ['⑶', ' 3 '],
  ['⑷', ' 4 '],
  ['⑸', ' 5 '],
  ['⑹', ' 6 '],
  ['⑺', ' 7 '],
  ['⑻', ' 8 '],
  ['⑼', ' 9 '],
  ['⑽', ' 10 '],
  ['⑾', ' 11 '],
  ['⑿', ' 12 '],
  ['⒀', ' 13 '],
  ['⒁', ' 14 '],
  ['⒂', ' 15 '],
  ['⒃', ' 16 '],
  ['⒄', ' 17 '],
  ['⒅', ' 18 '],
  ['⒆', ' 19 '],
  ['⒇', ' 20 '],
  ['⒈', '1 '],
  ['⒉', '2 '],
  ['⒊', '3 '],
  ['⒋', '4 '],
  ['⒌', '5 '],
  ['⒍', '6 '],
  ['⒎', '7 '],
  ['⒏', '8 '],
  ['⒐', '9 '],
  ['⒑', '10 '],
  ['⒒', '11 '],
  ['⒓', '12 '],
  ['⒔', '13 '],
  ['⒕', '14 '],
  ['⒖', '15 '],
  ['⒗', '16 '],
  ['⒘', '17 '],
  ['⒙', '18 '],
  ['⒚', '19 '],
  ['⒛', '20 '],
  ['⒜', ' A '],
  ['⒝', ' B '],
  ['⒞', ' C '],
  ['⒟', ' D '],
  ['⒠', ' E '],
  ['⒡', ' F '],
  ['⒢', ' G '],
  ['⒣', ' H '],
  ['⒤', ' I '],
  ['⒥', ' J '],
  ['⒦', ' K '],
  ['⒧', ' L '],
  ['⒨', ' M '],
  ['⒩', ' N '],
  ['⒪', ' O '],
  ['⒫', ' P '],
  ['⒬', ' Q '],
  ['⒭', ' R '],
  ['⒮', ' S '],
  ['⒯', ' T '],
  ['⒰', ' U '],
  ['⒱', ' V '],
  ['⒲', ' W '],
  ['⒳', ' X '],
  ['⒴', ' Y '],
  ['⒵', ' Z '],
  ['㍱', 'HPA'],
  ['㍲', 'DA'],
  ['㍳', 'AU'],
  ['㍴', 'BAR'],
  ['㍵', 'OV'],
  ['㍶', 'PC'],
  ['㍷', 'DM'],
  ['㍺', 'IU'],
  ['㎀', 'PA'],
  ['㎁', 'NA'],
  ['㎃', 'MA'],
  ['㎄', 'KA'],
  ['㎅', 'KB'],
  ['㎆', 'MB'],
  ['㎇', 'GB'],
  ['㎈', 'CAL'],
  ['㎉', 'KCAL'],
  ['㎊', 'PF'],
  ['㎋', 'NF'],
  ['㎎', 'MG'],
  ['㎏', 'KG'],
  ['㎐', 'HZ'],
  ['㎑', 'KHZ'],
  ['㎒', 'MHZ'],
  ['㎓', 'GHZ'],
  ['㎔', 'THZ'],
  ['㎙', 'FM'],
  ['㎚', 'NM'],
  ['㎜', 'MM'],
  ['㎝', 'CM'],
  ['㎞', 'KM'],
  ['㎧', 'M S'],
  ['㎩', 'PA'],
  ['㎪', 'KPA'],
  ['㎫', 'MPA'],
  ['㎬', 'GPA'],
  ['㎭', 'RAD'],
  ['㎮', 'RAD S'],
  ['㎰', 'PS'],
  ['㎱', 'NS'],
  ['㎳', 'MS'],
  ['㎴', 'PV'],
  ['㎵', 'NV'],
  ['㎷', 'MV'],
  ['㎸', 'KV'],
  ['㎹', 'MV'],
  ['㎺', 'PW'],
  ['㎻', 'NW'],
  ['㎽', 'MW'],
  ['㎾', 'KW'],
  ['㎿', 'MW'],
  ['㏂', 'A M '],
  ['㏃', 'BQ'],
  ['㏄', 'CC'],
  ['㏅', 'CD'],
  ['㏆', 'C KG'],
  ['㏇', 'CO '],
  ['㏈', 'DB'],
  ['㏉', 'GY'],
  ['㏊', 'HA'],
  ['㏋', 'HP'],
  ['㏌', 'IN'],
  ['㏍', 'KK'],
  ['㏎', 'KM'],
  ['㏏', 'KT'],
  ['㏐', 'LM'],
  ['㏑', 'LN'],
  ['㏒', 'LOG'],
  ['㏓', 'LX'],
  ['㏔', 'MB'],
  ['㏕', 'MIL'],
  ['㏖', 'MOL'],
  ['㏗', 'PH'],
  ['㏘', 'P M '],
  ['㏙', 'PPM'],
  ['㏚', 'PR'],
  ['㏛', 'SR'],
  ['㏜', 'SV'],
  ['㏝', 'WB'],
  ['㏞', 'V M'],
  ['㏟', 'A M'],
  ['Ꜳ', 'AA'],
  ['ꜳ', 'AA'],
  ['Ꜵ', 'AO'],
  ['ꜵ', 'AO'],
  ['Ꜷ', 'AU'],
  ['ꜷ', 'AU'],
  ['Ꜹ', 'AV'],
  ['ꜹ', 'AV'],
  ['Ꜻ', 'AV'],
  ['ꜻ', 'AV'],
  ['Ꜽ', 'AY'],
  ['ꜽ', 'AY'],
  ['Ꝏ', 'OO'],
  ['ꝏ', 'OO'],
  ['Ꝡ', 'VY'],
  ['ꝡ', 'VY'],
  ['Ꝥ', 'TH'],
  ['ꝥ', 'TH'],
  ['Ꝧ', 'TH'],
  ['ꝧ', 'TH'],
  ['ﬀ', 'FF'],
  ['ﬁ', 'FI'],
  ['ﬂ', 'FL'],
  ['ﬃ', 'FFI'],
  ['ﬄ', 'FFL'],
  ['ﬅ', 'ST'],
  ['ﬆ', 'ST'],
  ['🄀', '0 '],
  ['🄁', '0 '],
  ['🄂', '1 '],
  ['🄃', '2 '],
  ['🄄', '3 '],
  ['🄅', '4 '],
  ['🄆', '5 '],
  ['🄇', '6 '],
  ['🄈', '7 '],
  ['🄉', '8 '],
  ['🄊', '9 '],
  ['🄐', ' A '],
  ['🄑', ' B '],
  ['🄒', ' C '],
  ['🄓', ' D '],
  ['🄔', ' E '],
  ['🄕', ' F '],
  ['🄖', ' G '],
  ['🄗', ' H '],
  ['🄘', ' I '],
  ['🄙', ' J '],
  ['🄚', ' K '],
  ['🄛', ' L '],
  ['🄜', ' M '],
  ['🄝', ' N '],
  ['🄞', ' O '],
  ['🄟', ' P '],
  ['🄠', ' Q '],
  ['🄡', ' R '],
  ['🄢', ' S '],
  ['🄣', ' T '],
  ['🄤', ' U '],
  ['🄥', ' V '],
  ['🄦', ' W '],
  ['🄧', ' X '],
  ['🄨', ' Y '],
  ['🄩', ' Z '],
]

/** Characters removed: combining marks (a decomposed « é » is E) and a few modifiers. */
export const FOLD_REMOVED =
  '\u0300\u0301\u0302\u0303\u0304\u0305\u0306\u0307\u0308\u0309\u030a\u030b\u030c\u030d\u030e\u030f\u0310\u0311\u0312\u0313\u0314\u0315\u0316\u0317' +
  '\u0318\u0319\u031a\u031b\u031c\u031d\u031e\u031f\u0320\u0321\u0322\u0323\u0324\u0325\u0326\u0327\u0328\u0329\u032a\u032b\u032c\u032d\u032e\u032f' +
  '\u0330\u0331\u0332\u0333\u0334\u0335\u0336\u0337\u0338\u0339\u033a\u033b\u033c\u033d\u033e\u033f\u0340\u0341\u0342\u0343\u0344\u0345\u0346\u0347' +
  '\u0348\u0349\u034a\u034b\u034c\u034d\u034e\u034f\u0350\u0351\u0352\u0353\u0354\u0355\u0356\u0357\u0358\u0359\u035a\u035b\u035c\u035d\u035e\u035f' +
  '\u0360\u0361\u0362\u20dd\u20de\u20df\u20e0\u20e2\u20e3\u20e4'
