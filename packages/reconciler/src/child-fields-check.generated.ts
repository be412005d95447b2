// @ts-nocheck
// Generated from CHILD_FIELDS_SCHEMA (src/katalog-schema.ts) by @orkestra/testenv's schemaCheckCode (Ajv standalone code): do not edit.
// After a change of the schema, run `UPDATE_SCHEMA_CHECKS=1 npx jest test/schema-check.test.ts` in the package.
const codePoints = (text) => [...text].length;
const schema11 = {"type":"object","properties":{"when":{"anyOf":[{"type":"string"},{"type":"object","required":["field"],"properties":{"field":{"type":"string"}}},{"type":"array","items":{"anyOf":[{"type":"string"},{"type":"object","required":["field"],"properties":{"field":{"type":"string"}}}]}}]},"forEach":{"type":"string","pattern":"^[A-Za-z_$][\\w$-]*(\\.[A-Za-z_$][\\w$-]*)*$"},"readyWhen":{"anyOf":[{"type":"string"},{"type":"object","required":["field"],"properties":{"field":{"type":"string"}}},{"type":"array","items":{"anyOf":[{"type":"string"},{"type":"object","required":["field"],"properties":{"field":{"type":"string"}}}]}}]},"id":{"type":"string"},"dependsOn":{"type":"array","items":{"type":"string","minLength":1}}}};
const pattern0 = new RegExp("^[A-Za-z_$][\\w$-]*(\\.[A-Za-z_$][\\w$-]*)*$", "u");
const func2 = codePoints;

function validate10(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
let vErrors = null;
let errors = 0;
if(errors === 0){
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.when !== undefined){
let data0 = data.when;
const _errs1 = errors;
const _errs2 = errors;
let valid1 = false;
const _errs3 = errors;
if(typeof data0 !== "string"){
const err0 = {instancePath:instancePath+"/when",schemaPath:"#/properties/when/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
var _valid0 = _errs3 === errors;
valid1 = valid1 || _valid0;
if(!valid1){
const _errs5 = errors;
if(errors === _errs5){
if(data0 && typeof data0 == "object" && !Array.isArray(data0)){
let missing0;
if((data0.field === undefined) && (missing0 = "field")){
const err1 = {instancePath:instancePath+"/when",schemaPath:"#/properties/when/anyOf/1/required",keyword:"required",params:{missingProperty: missing0},message:"must have required property '"+missing0+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
else {
if(data0.field !== undefined){
if(typeof data0.field !== "string"){
const err2 = {instancePath:instancePath+"/when/field",schemaPath:"#/properties/when/anyOf/1/properties/field/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
}
}
else {
const err3 = {instancePath:instancePath+"/when",schemaPath:"#/properties/when/anyOf/1/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
var _valid0 = _errs5 === errors;
valid1 = valid1 || _valid0;
if(!valid1){
const _errs9 = errors;
if(errors === _errs9){
if(Array.isArray(data0)){
var valid3 = true;
const len0 = data0.length;
for(let i0=0; i0<len0; i0++){
let data2 = data0[i0];
const _errs11 = errors;
const _errs12 = errors;
let valid4 = false;
const _errs13 = errors;
if(typeof data2 !== "string"){
const err4 = {instancePath:instancePath+"/when/" + i0,schemaPath:"#/properties/when/anyOf/2/items/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
var _valid1 = _errs13 === errors;
valid4 = valid4 || _valid1;
if(!valid4){
const _errs15 = errors;
if(errors === _errs15){
if(data2 && typeof data2 == "object" && !Array.isArray(data2)){
let missing1;
if((data2.field === undefined) && (missing1 = "field")){
const err5 = {instancePath:instancePath+"/when/" + i0,schemaPath:"#/properties/when/anyOf/2/items/anyOf/1/required",keyword:"required",params:{missingProperty: missing1},message:"must have required property '"+missing1+"'"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
else {
if(data2.field !== undefined){
if(typeof data2.field !== "string"){
const err6 = {instancePath:instancePath+"/when/" + i0+"/field",schemaPath:"#/properties/when/anyOf/2/items/anyOf/1/properties/field/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
}
}
else {
const err7 = {instancePath:instancePath+"/when/" + i0,schemaPath:"#/properties/when/anyOf/2/items/anyOf/1/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
var _valid1 = _errs15 === errors;
valid4 = valid4 || _valid1;
}
if(!valid4){
const err8 = {instancePath:instancePath+"/when/" + i0,schemaPath:"#/properties/when/anyOf/2/items/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
else {
errors = _errs12;
if(vErrors !== null){
if(_errs12){
vErrors.length = _errs12;
}
else {
vErrors = null;
}
}
}
var valid3 = _errs11 === errors;
if(!valid3){
break;
}
}
}
else {
const err9 = {instancePath:instancePath+"/when",schemaPath:"#/properties/when/anyOf/2/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
var _valid0 = _errs9 === errors;
valid1 = valid1 || _valid0;
}
}
if(!valid1){
const err10 = {instancePath:instancePath+"/when",schemaPath:"#/properties/when/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
validate10.errors = vErrors;
return false;
}
else {
errors = _errs2;
if(vErrors !== null){
if(_errs2){
vErrors.length = _errs2;
}
else {
vErrors = null;
}
}
}
var valid0 = _errs1 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.forEach !== undefined){
let data4 = data.forEach;
const _errs19 = errors;
if(errors === _errs19){
if(typeof data4 === "string"){
if(!pattern0.test(data4)){
validate10.errors = [{instancePath:instancePath+"/forEach",schemaPath:"#/properties/forEach/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z_$][\\w$-]*(\\.[A-Za-z_$][\\w$-]*)*$"},message:"must match pattern \""+"^[A-Za-z_$][\\w$-]*(\\.[A-Za-z_$][\\w$-]*)*$"+"\""}];
return false;
}
}
else {
validate10.errors = [{instancePath:instancePath+"/forEach",schemaPath:"#/properties/forEach/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid0 = _errs19 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.readyWhen !== undefined){
let data5 = data.readyWhen;
const _errs21 = errors;
const _errs22 = errors;
let valid6 = false;
const _errs23 = errors;
if(typeof data5 !== "string"){
const err11 = {instancePath:instancePath+"/readyWhen",schemaPath:"#/properties/readyWhen/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
var _valid2 = _errs23 === errors;
valid6 = valid6 || _valid2;
if(!valid6){
const _errs25 = errors;
if(errors === _errs25){
if(data5 && typeof data5 == "object" && !Array.isArray(data5)){
let missing2;
if((data5.field === undefined) && (missing2 = "field")){
const err12 = {instancePath:instancePath+"/readyWhen",schemaPath:"#/properties/readyWhen/anyOf/1/required",keyword:"required",params:{missingProperty: missing2},message:"must have required property '"+missing2+"'"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
else {
if(data5.field !== undefined){
if(typeof data5.field !== "string"){
const err13 = {instancePath:instancePath+"/readyWhen/field",schemaPath:"#/properties/readyWhen/anyOf/1/properties/field/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
}
}
else {
const err14 = {instancePath:instancePath+"/readyWhen",schemaPath:"#/properties/readyWhen/anyOf/1/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
var _valid2 = _errs25 === errors;
valid6 = valid6 || _valid2;
if(!valid6){
const _errs29 = errors;
if(errors === _errs29){
if(Array.isArray(data5)){
var valid8 = true;
const len1 = data5.length;
for(let i1=0; i1<len1; i1++){
let data7 = data5[i1];
const _errs31 = errors;
const _errs32 = errors;
let valid9 = false;
const _errs33 = errors;
if(typeof data7 !== "string"){
const err15 = {instancePath:instancePath+"/readyWhen/" + i1,schemaPath:"#/properties/readyWhen/anyOf/2/items/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
var _valid3 = _errs33 === errors;
valid9 = valid9 || _valid3;
if(!valid9){
const _errs35 = errors;
if(errors === _errs35){
if(data7 && typeof data7 == "object" && !Array.isArray(data7)){
let missing3;
if((data7.field === undefined) && (missing3 = "field")){
const err16 = {instancePath:instancePath+"/readyWhen/" + i1,schemaPath:"#/properties/readyWhen/anyOf/2/items/anyOf/1/required",keyword:"required",params:{missingProperty: missing3},message:"must have required property '"+missing3+"'"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
else {
if(data7.field !== undefined){
if(typeof data7.field !== "string"){
const err17 = {instancePath:instancePath+"/readyWhen/" + i1+"/field",schemaPath:"#/properties/readyWhen/anyOf/2/items/anyOf/1/properties/field/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
}
}
else {
const err18 = {instancePath:instancePath+"/readyWhen/" + i1,schemaPath:"#/properties/readyWhen/anyOf/2/items/anyOf/1/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
var _valid3 = _errs35 === errors;
valid9 = valid9 || _valid3;
}
if(!valid9){
const err19 = {instancePath:instancePath+"/readyWhen/" + i1,schemaPath:"#/properties/readyWhen/anyOf/2/items/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
else {
errors = _errs32;
if(vErrors !== null){
if(_errs32){
vErrors.length = _errs32;
}
else {
vErrors = null;
}
}
}
var valid8 = _errs31 === errors;
if(!valid8){
break;
}
}
}
else {
const err20 = {instancePath:instancePath+"/readyWhen",schemaPath:"#/properties/readyWhen/anyOf/2/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
var _valid2 = _errs29 === errors;
valid6 = valid6 || _valid2;
}
}
if(!valid6){
const err21 = {instancePath:instancePath+"/readyWhen",schemaPath:"#/properties/readyWhen/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
validate10.errors = vErrors;
return false;
}
else {
errors = _errs22;
if(vErrors !== null){
if(_errs22){
vErrors.length = _errs22;
}
else {
vErrors = null;
}
}
}
var valid0 = _errs21 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.id !== undefined){
const _errs39 = errors;
if(typeof data.id !== "string"){
validate10.errors = [{instancePath:instancePath+"/id",schemaPath:"#/properties/id/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
var valid0 = _errs39 === errors;
}
else {
var valid0 = true;
}
if(valid0){
if(data.dependsOn !== undefined){
let data10 = data.dependsOn;
const _errs41 = errors;
if(errors === _errs41){
if(Array.isArray(data10)){
var valid11 = true;
const len2 = data10.length;
for(let i2=0; i2<len2; i2++){
let data11 = data10[i2];
const _errs43 = errors;
if(errors === _errs43){
if(typeof data11 === "string"){
if(func2(data11) < 1){
validate10.errors = [{instancePath:instancePath+"/dependsOn/" + i2,schemaPath:"#/properties/dependsOn/items/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"}];
return false;
}
}
else {
validate10.errors = [{instancePath:instancePath+"/dependsOn/" + i2,schemaPath:"#/properties/dependsOn/items/type",keyword:"type",params:{type: "string"},message:"must be string"}];
return false;
}
}
var valid11 = _errs43 === errors;
if(!valid11){
break;
}
}
}
else {
validate10.errors = [{instancePath:instancePath+"/dependsOn",schemaPath:"#/properties/dependsOn/type",keyword:"type",params:{type: "array"},message:"must be array"}];
return false;
}
}
var valid0 = _errs41 === errors;
}
else {
var valid0 = true;
}
}
}
}
}
}
else {
validate10.errors = [{instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"}];
return false;
}
}
validate10.errors = vErrors;
return errors === 0;
}

/** True when CHILD_FIELDS_SCHEMA (src/katalog-schema.ts) accepts the value; a value it refuses is explained by compiling the schema. */
export const childFieldsAccept: (value: unknown) => boolean = validate10;
