<?xml version="1.0" encoding="UTF-8"?>
<!-- Drawn by assets/make_tiles.py with pygame-ce 2.5.8. Do not edit: change the script and run it. -->
<tileset version="1.10" tiledversion="1.10.2" name="terrain_flat" tilewidth="80" tileheight="70" tilecount="10" columns="5">
 <image source="terrain_flat.png" width="400" height="140"/>
 <tile id="0">
  <properties>
   <property name="cover" type="bool" value="false"/>
   <property name="elevation" type="int" value="0"/>
   <property name="impassable" type="bool" value="false"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" value="grass"/>
  </properties>
 </tile>
 <tile id="1">
  <properties>
   <property name="cover" type="bool" value="false"/>
   <property name="elevation" type="int" value="0"/>
   <property name="impassable" type="bool" value="false"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" value="field"/>
  </properties>
 </tile>
 <tile id="2">
  <properties>
   <property name="cover" type="bool" value="true"/>
   <property name="elevation" type="int" value="0"/>
   <property name="impassable" type="bool" value="false"/>
   <property name="move_cost" type="int" value="2"/>
   <property name="terrain" value="forest"/>
  </properties>
 </tile>
 <tile id="3">
  <properties>
   <property name="cover" type="bool" value="false"/>
   <property name="elevation" type="int" value="1"/>
   <property name="impassable" type="bool" value="false"/>
   <property name="move_cost" type="int" value="2"/>
   <property name="terrain" value="hills"/>
  </properties>
 </tile>
 <tile id="4">
  <properties>
   <property name="cover" type="bool" value="false"/>
   <property name="elevation" type="int" value="0"/>
   <property name="impassable" type="bool" value="false"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" value="road"/>
  </properties>
 </tile>
 <tile id="5">
  <properties>
   <property name="cover" type="bool" value="false"/>
   <property name="elevation" type="int" value="0"/>
   <property name="impassable" type="bool" value="true"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" value="water"/>
  </properties>
 </tile>
 <tile id="6">
  <properties>
   <property name="cover" type="bool" value="false"/>
   <property name="elevation" type="int" value="0"/>
   <property name="impassable" type="bool" value="false"/>
   <property name="move_cost" type="int" value="2"/>
   <property name="terrain" value="ford"/>
  </properties>
 </tile>
 <tile id="7">
  <properties>
   <property name="cover" type="bool" value="false"/>
   <property name="elevation" type="int" value="0"/>
   <property name="impassable" type="bool" value="false"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" value="bridge"/>
  </properties>
 </tile>
 <tile id="8">
  <properties>
   <property name="cover" type="bool" value="true"/>
   <property name="elevation" type="int" value="0"/>
   <property name="impassable" type="bool" value="true"/>
   <property name="move_cost" type="int" value="1"/>
   <property name="terrain" value="wall"/>
  </properties>
 </tile>
 <tile id="9">
  <properties>
   <property name="cover" type="bool" value="true"/>
   <property name="elevation" type="int" value="0"/>
   <property name="impassable" type="bool" value="false"/>
   <property name="move_cost" type="int" value="2"/>
   <property name="terrain" value="building"/>
  </properties>
 </tile>
</tileset>
